import type { Db } from "@market/db";
import type { Clock } from "./clock";
import { type Viewer, validateSessionToken } from "./services/auth/sessions";

/** Everything a service may depend on, chosen once at start (real adapters or sandboxes). */
export interface ApiDeps {
  db: Db;
  clock: Clock;
}

/**
 * Writes the session cookie on the answer. Only HTTP answers carry cookies: over the WebSocket a login or
 * logout cannot take effect, so that transport's writer refuses.
 */
export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export const noSessionCookie: SessionCookie = {
  set: () => {
    throw new Error("The session cookie can only be set over HTTP");
  },
  clear: () => {
    throw new Error("The session cookie can only be cleared over HTTP");
  },
};

/** What the transport knows about one request. */
export interface RequestInfo {
  sessionToken: string | null;
  requestId: string;
  ip: string;
  sessionCookie: SessionCookie;
}

export interface Context extends ApiDeps {
  viewer: Viewer | null;
  requestId: string;
  ip: string;
  sessionCookie: SessionCookie;
}

export function createContextFactory(deps: ApiDeps) {
  return async (request: RequestInfo): Promise<Context> => {
    const viewer = request.sessionToken ? await validateSessionToken(deps.db, deps.clock, request.sessionToken) : null;
    return { ...deps, viewer, requestId: request.requestId, ip: request.ip, sessionCookie: request.sessionCookie };
  };
}
