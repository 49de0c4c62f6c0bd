import type { FastifyRequest } from "fastify";
import { secureCookieAttribute } from "../http/secure-cookie";

export const LINK_STATE_COOKIE = "network_link_state";

/** As long as a flow may take on the consent page (services/networks/oauth-flow.ts LINK_FLOW_TTL_MS). */
const MAX_AGE_SECONDS = 600;

/**
 * The OAuth state in a cookie of the browser that started the flow, so the callback must come back to it:
 * HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET navigation, which Lax lets through),
 * only under /auth, Secure on an https site. `null` clears it.
 */
export function linkStateCookie(request: FastifyRequest, state: string | null): string {
  const secure = secureCookieAttribute(request);
  const value = state === null ? "; Max-Age=0" : `; Max-Age=${MAX_AGE_SECONDS}`;
  return `${LINK_STATE_COOKIE}=${state === null ? "" : encodeURIComponent(state)}; Path=/auth; HttpOnly; SameSite=Lax${secure}${value}`;
}
