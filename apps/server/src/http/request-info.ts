import type { IncomingMessage } from "node:http";
import { type ApiKeyActor, noSessionCookie, type RequestInfo, type SessionCookie } from "@market/api";
import type { FastifyReply, FastifyRequest } from "fastify";
import { secureCookieAttribute } from "./secure-cookie";

export const SESSION_COOKIE = "session";

export type RequestInfoOf = (request: FastifyRequest, reply: FastifyReply) => RequestInfo;

/** The value of one cookie of a Cookie header, decoded; null when absent or not decodable. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The session cookie: HttpOnly so scripts cannot read it, SameSite=Lax against cross-site posts, Secure
 * whenever the site is https (a plain-HTTP localhost would otherwise never keep it).
 */
function sessionCookieOf(request: FastifyRequest, reply: FastifyReply): SessionCookie {
  const secure = secureCookieAttribute(request);
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure}`;
  return {
    set: (token, expiresAt) =>
      void reply.header(
        "set-cookie",
        `${SESSION_COOKIE}=${encodeURIComponent(token)}; ${attributes}; Expires=${expiresAt.toUTCString()}`,
      ),
    clear: () => void reply.header("set-cookie", `${SESSION_COOKIE}=; ${attributes}; Max-Age=0`),
  };
}

export function requestInfoOf(request: FastifyRequest, reply: FastifyReply): RequestInfo {
  return {
    sessionToken: cookieValue(request.headers.cookie, SESSION_COOKIE),
    requestId: String(request.id),
    ip: request.ip,
    sessionCookie: sessionCookieOf(request, reply),
    // Host (or X-Forwarded-Host from a trusted proxy) as sent: for the network sandbox only, never a mail's link.
    origin: `${request.protocol}://${request.host}`,
    // The key bearer-auth.ts authenticated, which stands for the viewer instead of a cookie.
    apiKey: request.apiKey ?? null,
  };
}

/**
 * The key bearer-auth.ts authenticated on each WebSocket upgrade, by the upgrade's bare message: tRPC's door hands
 * its context factory that message only, not Fastify's request.
 */
const upgradeKeys = new WeakMap<IncomingMessage, ApiKeyActor>();

export function rememberUpgradeKey(message: IncomingMessage, apiKey: ApiKeyActor): void {
  upgradeKeys.set(message, apiKey);
}

/** The same for a WebSocket upgrade, which tRPC hands over as a bare IncomingMessage: its cookie, or its key. */
export function requestInfoOfUpgrade(message: IncomingMessage, requestId: string): RequestInfo {
  return {
    sessionToken: cookieValue(message.headers.cookie, SESSION_COOKIE),
    requestId,
    ip: message.socket.remoteAddress ?? "",
    sessionCookie: noSessionCookie,
    apiKey: upgradeKeys.get(message) ?? null,
  };
}
