import {
  type Context,
  keyRefusal,
  type NotificationHub,
  notificationStream,
  notificationsSeen,
  procedureScope,
  type RequestInfo,
  type Viewer,
} from "@market/api";
import {
  NOTIFICATIONS_WS_MAX_FRAME_BYTES,
  NOTIFICATIONS_WS_RATE,
  type NotificationServerFrame,
  notificationClientFrame,
  notificationToJson,
  statusOf,
} from "@market/contracts";
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { RawData, WebSocket } from "ws";
import { z } from "zod";
import { failure } from "../rest/envelope";
import { requestInfoOfUpgrade } from "./request-info";
import { isSameOriginUpgrade } from "./upgrade-origin";

export interface NotificationsSocketOptions {
  createContext: (request: RequestInfo) => Promise<Context>;
  publicUrl: string | undefined;
}

/** `?lastEventId=N`: the id of the last notification the client saw, to resume after it. */
const upgradeQuery = z.object({
  lastEventId: z
    .string()
    .regex(/^\d{1,16}$/)
    .optional(),
});

/** The procedures the socket stands for: a key needs their scopes (the stream to open it, seen to mark). */
const STREAM = "notifications.stream";
const SEEN = "notifications.seen";

/** A client that reads slower than this much is queued for it is dropped (it reconnects and resumes). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Close codes: policy (the session ended), too big (a frame over the limit), try again later (a slow reader). */
export const CLOSE_SESSION_ENDED = 4401;
const CLOSE_TOO_BIG = 1009;
const CLOSE_SLOW_READER = 1013;
const CLOSE_SERVER_ERROR = 1011;

interface Upgrade {
  ctx: Context;
  viewer: Viewer;
  afterId: number | null;
}

/**
 * The documented WebSocket /notifications (spec section 7, docs/api.md): the caller's notifications as JSON
 * frames (the stream of notifications.stream), and `{"seen": [ids]}` frames from the client. The upgrade needs the
 * session cookie and the site's own Origin; the socket closes when the session ends.
 */
export const notificationsSocketPlugin: FastifyPluginAsync<NotificationsSocketOptions> = async (app, options) => {
  const upgrades = new WeakMap<FastifyRequest, Upgrade>();
  app.get(
    "/notifications",
    {
      websocket: true,
      preValidation: async (request, reply) => {
        // A plain GET: the socket only, answered in the envelope like every other refusal.
        if (!request.ws) return reply.code(426).header("upgrade", "websocket").send(failure("invalid"));
        if (!isSameOriginUpgrade(request.headers, options.publicUrl)) {
          return reply.code(403).send(failure("forbidden"));
        }
        const query = upgradeQuery.safeParse(request.query);
        if (!query.success) return reply.code(400).send(failure("invalid"));
        const ctx = await options.createContext(requestInfoOfUpgrade(request.raw, String(request.id)));
        if (!ctx.viewer) return reply.code(401).send(failure("unauthorized"));
        // A key subscribes as it would call notifications.stream (procedure-scopes.ts): applications:read.
        const refusal = ctx.apiKey && keyRefusal(ctx.apiKey.scopes, procedureScope(STREAM), "WS /notifications");
        if (refusal) return reply.code(statusOf(refusal.reason)).send(failure(refusal.reason));
        const { lastEventId } = query.data;
        upgrades.set(request, { ctx, viewer: ctx.viewer, afterId: lastEventId ? Number(lastEventId) : null });
      },
    },
    (socket, request) => {
      const upgrade = upgrades.get(request);
      if (!upgrade) return socket.close(CLOSE_SERVER_ERROR);
      serveNotifications(socket, upgrade, request.log);
    },
  );
};

function serveNotifications(socket: WebSocket, { ctx, viewer, afterId }: Upgrade, log: FastifyBaseLogger): void {
  const abort = new AbortController();
  const send = (frame: NotificationServerFrame) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return socket.close(CLOSE_SLOW_READER, "slow reader");
    socket.send(JSON.stringify(frame));
  };
  const fail = (error: unknown) => {
    if (abort.signal.aborted) return;
    log.error({ err: error }, "notifications socket failed");
    send({ error: "generic", status: 500, message: "An error has occurred." });
    socket.close(CLOSE_SERVER_ERROR);
  };

  void (async () => {
    const ready = () => send({ ready: true });
    for await (const notification of notificationStream(ctx, viewer, afterId, abort.signal, ready)) {
      send({ notification: notificationToJson(notification) });
    }
  })().catch(fail);

  const stopWatching = endWhenSessionEnds(ctx.notificationHub, viewer, socket);
  const limiter = frameLimiter();
  socket.on("message", (data, isBinary) => {
    void receive(data, isBinary).catch(fail);
  });

  async function receive(data: RawData, isBinary: boolean) {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (bytes.length > NOTIFICATIONS_WS_MAX_FRAME_BYTES) {
      send({ error: "invalid", status: 400, message: `Frames are at most ${NOTIFICATIONS_WS_MAX_FRAME_BYTES} bytes.` });
      return socket.close(CLOSE_TOO_BIG, "frame too big");
    }
    if (!limiter.allow()) {
      if (limiter.firstRefusal()) {
        send({ error: "rate_limited", status: 429, message: "Too many frames: these are ignored for a while." });
      }
      return;
    }
    if (isBinary) return send({ error: "invalid", status: 400, message: "Frames are JSON text." });
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString("utf8"));
    } catch {
      return send({ error: "invalid", status: 400, message: "Frames are JSON text." });
    }
    const frame = notificationClientFrame.safeParse(json);
    if (!frame.success) {
      const issue = frame.error.issues[0];
      const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
      return send({ error: "invalid", status: 400, message: `Expected {"seen": [ids]}${where}: ${issue?.message}` });
    }
    const refusal = ctx.apiKey && keyRefusal(ctx.apiKey.scopes, procedureScope(SEEN), "A seen frame");
    if (refusal) return send({ error: "scope", status: 403, message: refusal.message });
    const result = await notificationsSeen(ctx, viewer, { ids: frame.data.seen });
    send({ seen: frame.data.seen, ...result });
  }

  // Half-open connections are found by the pings every socket gets (socket-guard.ts).
  socket.on("close", () => {
    abort.abort();
    stopWatching();
  });
}

/**
 * Closes the socket when its session ends (logout, password change, expiry) on any instance. Shared by both
 * doors: the tRPC WebSocket's context is the session of its upgrade too.
 */
export function endWhenSessionEnds(hub: NotificationHub, viewer: Viewer, socket: WebSocket): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  hub
    .watchSession(viewer.sessionId, () => socket.close(CLOSE_SESSION_ENDED, "session ended"))
    .then(
      (unwatch) => {
        if (stopped) unwatch();
        else stop = unwatch;
      },
      // Without the watch the session's end would go unnoticed: better to drop the socket, the client reconnects.
      () => socket.close(CLOSE_SERVER_ERROR),
    );
  return () => {
    stopped = true;
    stop?.();
  };
}

/** NOTIFICATIONS_WS_RATE frames per window, counted per socket in fixed windows. */
function frameLimiter() {
  let windowStart = 0;
  let count = 0;
  let refused = 0;
  return {
    allow() {
      const now = Date.now();
      if (now - windowStart >= NOTIFICATIONS_WS_RATE.windowMs) {
        windowStart = now;
        count = 0;
        refused = 0;
      }
      count += 1;
      if (count <= NOTIFICATIONS_WS_RATE.frames) return true;
      refused += 1;
      return false;
    },
    /** Only the first refusal of a window is answered, so a flood does not get a flood back. */
    firstRefusal: () => refused === 1,
  };
}
