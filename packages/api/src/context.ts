import type { Db } from "@market/db";
import type { Clock } from "./clock";
import { type Viewer, validateSessionToken } from "./services/auth/sessions";

/** Everything a service may depend on, chosen once at start (real adapters or sandboxes). */
export interface ApiDeps {
  db: Db;
  clock: Clock;
}

/** What the transport knows about one request. */
export interface RequestInfo {
  sessionToken: string | null;
  requestId: string;
  ip: string;
}

export interface Context extends ApiDeps {
  viewer: Viewer | null;
  requestId: string;
  ip: string;
}

export function createContextFactory(deps: ApiDeps) {
  return async (request: RequestInfo): Promise<Context> => {
    const viewer = request.sessionToken ? await validateSessionToken(deps.db, deps.clock, request.sessionToken) : null;
    return { ...deps, viewer, requestId: request.requestId, ip: request.ip };
  };
}
