import type { Clock } from "@market/api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket, WebSocketServer } from "ws";
import { failure } from "../rest/envelope";
import { cookieValue, SESSION_COOKIE } from "./request-info";
import { createSocketLimiter } from "./socket-limits";
import { isSameOriginUpgrade } from "./upgrade-origin";

export interface SocketGuardOptions {
  clock: Clock;
  publicUrl: string | undefined;
  /** RATE_LIMIT_SCALE: multiplies the socket limits. */
  scale?: number | undefined;
  /** How often every socket is pinged; a test shortens it. */
  pingIntervalMs?: number;
}

/** Close code of a socket refused because its session holds too many (a browser sees no HTTP status). */
export const CLOSE_TOO_MANY_SOCKETS = 4429;
/** Pings find half-open connections; one without a pong by the next ping is ended. */
const PING_INTERVAL_MS = 30_000;
/** Bytes read past an upgrade's headers: a client may send frames only once it has the 101, so there are none. */
const NO_HEAD = Buffer.alloc(0);

/**
 * Every WebSocket upgrade, whatever its path (both doors, /notifications and /trpc, and any other route, which
 * @fastify/websocket upgrades only to close), is counted here first, before its door reads the session
 * (socket-limits.ts has the limits). Over the address's rate or cap, it is answered 429 rate_limited before any
 * handshake, the cheapest answer to a flood; over its session's cap, the handshake completes only to close at
 * once with 4429, since a browser's script sees a close code but not the status of a refused upgrade, and a
 * signed-in user with many tabs is the one who meets this cap. A count is held by the upgrade's TCP connection and
 * freed when it closes, whichever way: refused, closed by either side, terminated, failed. Registered after
 * @fastify/websocket, so that request.ws is set.
 */
export function guardSockets(app: FastifyInstance, options: SocketGuardOptions): void {
  const limiter = createSocketLimiter({ clock: options.clock, scale: options.scale });
  const wss = app.websocketServer;
  app.addHook("onRequest", async (request, reply) => {
    if (!request.ws) return;
    // Its door refuses it (403) before any handshake: another site's page may not spend its visitor's allowance.
    if (!isSameOriginUpgrade(request.headers, options.publicUrl)) return;
    const connection = request.raw.socket;
    if (connection.destroyed) return; // the client left: nothing will be upgraded
    const { refusal, release } = limiter.admit(request.ip, cookieValue(request.headers.cookie, SESSION_COOKIE));
    connection.once("close", release);
    if (refusal === "rate" || refusal === "address") return reply.code(429).send(failure("rate_limited"));
    if (refusal === "session") closeAtOnce(wss, request, reply);
  });
  keepAlive(app, wss, options.pingIntervalMs ?? PING_INTERVAL_MS);
}

/** Accepts the upgrade only to close it with CLOSE_TOO_MANY_SOCKETS; the door's handler never sees it. */
function closeAtOnce(wss: WebSocketServer, request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  wss.handleUpgrade(request.raw, request.raw.socket, NO_HEAD, (socket) => {
    // An 'error' without a listener would throw; the socket is closing anyway.
    socket.on("error", () => {});
    socket.close(CLOSE_TOO_MANY_SOCKETS, "too many sockets");
  });
}

/**
 * Pings every socket of both doors; one that did not answer the last ping is terminated. A peer that vanished
 * without closing (a laptop asleep, a network gone) would otherwise hold its slots until TCP gave up, or forever
 * on a socket the server never writes to, and lock its user out.
 */
function keepAlive(app: FastifyInstance, wss: WebSocketServer, intervalMs: number): void {
  const answered = new WeakSet<WebSocket>();
  wss.on("connection", (socket: WebSocket) => {
    answered.add(socket);
    socket.on("pong", () => answered.add(socket));
  });
  const pinger = setInterval(() => {
    for (const socket of wss.clients) {
      if (!answered.delete(socket)) socket.terminate();
      else socket.ping();
    }
  }, intervalMs);
  pinger.unref();
  app.addHook("onClose", async () => clearInterval(pinger));
}
