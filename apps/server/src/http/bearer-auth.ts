import {
  type ApiKeyActor,
  type AppRouter,
  authenticateApiKey,
  type Clock,
  countKeyRequest,
  ReasonError,
  recordKeyUse,
  useIsDue,
} from "@market/api";
import { type ApiKeyMode, LOOKS_LIKE_API_KEY, type Reason, statusOf } from "@market/contracts";
import type { Db } from "@market/db";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { failure } from "../rest/envelope";
import { cookieValue, rememberUpgradeKey, SESSION_COOKIE } from "./request-info";
import { sendTrpcRefusal } from "./trpc-refusal";

declare module "fastify" {
  interface FastifyRequest {
    /** The API key this request authenticated with (bearer-auth.ts); absent for a session's or a visitor's. */
    apiKey?: ApiKeyActor;
  }
}

/** Where a bearer key is read: the REST paths, the console's (which refuse it) and /trpc. */
const KEY_PREFIXES = ["/api/", "/admin/api/", "/trpc/", "/trpc?"];
/**
 * The one documented REST path outside /api (docs/api.md, Networks), the Instagram bio code; and the live
 * notifications' WebSocket, whose upgrade a script sends with its key as any other request.
 */
const KEY_PATHS = new Set(["/trpc", "/auth/instagram/token", "/notifications"]);
const TRPC_PREFIX = "/trpc";

export const keyPathOf = (url: string): boolean =>
  KEY_PREFIXES.some((prefix) => url.startsWith(prefix)) || KEY_PATHS.has(url.split("?")[0] ?? "");

/**
 * What follows `Bearer` in an Authorization header, trimmed (malformed or empty: the key check refuses it); null when
 * there is no header or it is another scheme, which is not ours (a proxy's Basic).
 */
export function bearerOf(header: string | undefined): string | null {
  if (header === undefined || !/^bearer(?:[ \t]|$)/i.test(header)) return null;
  return header.slice("bearer".length).trim();
}

/** Whether a URL's query string holds something that looks like a key, raw or percent-encoded. */
export function queryHoldsKey(url: string): boolean {
  const start = url.indexOf("?");
  if (start === -1) return false;
  const query = url.slice(start + 1);
  if (LOOKS_LIKE_API_KEY.test(query)) return true;
  try {
    return LOOKS_LIKE_API_KEY.test(decodeURIComponent(query.replaceAll("+", " ")));
  } catch {
    return false;
  }
}

/** A WebSocket handshake, read off its header: request.ws is set by @fastify/websocket's hook, after this one. */
const isUpgrade = (request: FastifyRequest): boolean => request.headers.upgrade?.toLowerCase() === "websocket";

export interface BearerAuthDeps {
  db: Db;
  clock: Clock;
  keyMode: ApiKeyMode;
  rateLimitScale?: number | undefined;
  router: AppRouter;
  log: FastifyBaseLogger;
}

/**
 * `Authorization: Bearer <key>` on /api, /trpc and the WebSocket upgrades (issue 39), before any route: a key in a
 * query string is refused (400 key_in_query: a URL lands in logs and histories), a key beside a session cookie too
 * (400 key_with_session), an unknown, revoked or expired key answers 401 with its reason; a valid one is counted
 * against its own rate limit (RateLimit-* headers on every answer, 429 with Retry-After past it) and becomes the
 * request's actor. Such a request carries no cookie, so the CSRF rule does not apply to it (csrf.ts). The key's last
 * use is written after the answer, at most once a minute.
 */
export function bearerAuth(deps: BearerAuthDeps) {
  const refuse = (request: FastifyRequest, reply: FastifyReply, reason: Reason, message?: string) => {
    const refusal = new ReasonError(reason, message);
    // @fastify/websocket ends a refused upgrade's connection only once its own hook, after this one, has run.
    if (isUpgrade(request)) reply.raw.once("finish", () => request.raw.socket.destroy());
    if (request.url === TRPC_PREFIX || request.url.startsWith(`${TRPC_PREFIX}/`)) {
      return sendTrpcRefusal(deps.router, TRPC_PREFIX, request, reply, refusal);
    }
    return reply.code(statusOf(reason)).send(failure(reason));
  };

  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (queryHoldsKey(request.url)) {
      await refuse(request, reply, "key_in_query", "Send the key in the Authorization header, and roll it: it leaked.");
      return;
    }
    if (!keyPathOf(request.url)) return;
    const key = bearerOf(request.headers.authorization);
    if (key === null) return;
    if (cookieValue(request.headers.cookie, SESSION_COOKIE) !== null) {
      await refuse(request, reply, "key_with_session", "Send either a session cookie or an API key, not both.");
      return;
    }
    const outcome = await authenticateApiKey(deps, key);
    if (!outcome.ok) {
      await refuse(request, reply, outcome.reason);
      return;
    }
    const { actor } = outcome;
    const window = await countKeyRequest(deps, actor.keyId);
    const resetSeconds = Math.ceil(window.resetMs / 1000);
    reply.header("RateLimit-Limit", String(window.limit));
    reply.header("RateLimit-Remaining", String(window.remaining));
    reply.header("RateLimit-Reset", String(resetSeconds));
    if (!window.allowed) {
      reply.header("Retry-After", String(Math.max(resetSeconds, 1)));
      await refuse(request, reply, "rate_limited");
      return;
    }
    request.apiKey = actor;
    // A WebSocket's context is built from the upgrade's bare message (request-info.ts).
    const upgrade = isUpgrade(request);
    if (upgrade) rememberUpgradeKey(request.raw, actor);
    const now = deps.clock.now();
    if (useIsDue(actor, request.ip, now)) {
      const record = () =>
        void recordKeyUse(deps.db, actor.keyId, request.ip, now).catch((error: unknown) =>
          deps.log.warn({ err: error, keyId: actor.keyId }, "an API key's last use was not recorded"),
        );
      // After the answer is sent, never awaited by it: the script's request does not wait for this write. An
      // upgrade's answer is the handshake, which never "finishes" as a reply: its use is written at once, unawaited.
      if (upgrade) record();
      else reply.raw.once("finish", record);
    }
  };
}
