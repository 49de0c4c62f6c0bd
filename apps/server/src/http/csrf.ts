import type { FastifyReply, FastifyRequest } from "fastify";
import { failure } from "../rest/envelope";
import { SESSION_COOKIE } from "./request-info";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request may proceed. Browsers send Sec-Fetch-Site (and Origin) on every such
 * request: those must be same-origin. A request with neither header cannot ride a victim's browser, so it
 * passes only when it carries no session cookie, i.e. when there is nothing to forge.
 */
export function isCsrfSafe(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  // An API key (bearer-auth.ts) is sent by the script that holds it, never added by a browser, and such a request
  // carries no session cookie: there is nothing for another site to forge.
  if (request.apiKey) return true;
  const fetchSite = request.headers["sec-fetch-site"];
  if (typeof fetchSite === "string") return fetchSite === "same-origin" || fetchSite === "none";
  const origin = request.headers.origin;
  if (typeof origin === "string") {
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  }
  return !request.headers.cookie?.includes(`${SESSION_COOKIE}=`);
}

export async function csrfGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!isCsrfSafe(request)) await reply.code(403).send(failure("csrf"));
}
