import type { IncomingMessage } from "node:http";
import type { RequestInfo } from "@market/api";
import type { FastifyRequest } from "fastify";

export const SESSION_COOKIE = "session";

export type RequestInfoOf = (request: FastifyRequest) => RequestInfo;

function cookieValue(header: string | undefined, name: string): string | null {
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

export function requestInfoOf(request: FastifyRequest): RequestInfo {
  return {
    sessionToken: cookieValue(request.headers.cookie, SESSION_COOKIE),
    requestId: String(request.id),
    ip: request.ip,
  };
}

/** The same for a WebSocket upgrade, which tRPC hands over as a bare IncomingMessage. */
export function requestInfoOfUpgrade(message: IncomingMessage, requestId: string): RequestInfo {
  return {
    sessionToken: cookieValue(message.headers.cookie, SESSION_COOKIE),
    requestId,
    ip: message.socket.remoteAddress ?? "",
  };
}
