import type { IncomingHttpHeaders } from "node:http";

/**
 * Whether a WebSocket upgrade may proceed (no cross-site WebSocket hijacking): browsers send Origin on every
 * WebSocket handshake, and a page of another site must not open a socket that rides the user's session cookie
 * (SameSite=Lax does not stop a cross-site handshake). Allowed: the site's own origin, PUBLIC_URL's or the Host the
 * request was sent to. A client without Origin is not a browser, so it carries no victim's cookie.
 */
export function isSameOriginUpgrade(headers: IncomingHttpHeaders, publicUrl: string | undefined): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl !== undefined && url.origin === new URL(publicUrl).origin) return true;
  return headers.host !== undefined && url.host === headers.host;
}
