import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** The site's public URL is https: its cookies are Secure on every request (secureCookieAttribute). */
    httpsSite: boolean;
  }
}

/** Decorates the app with whether its public URL is https, which secureCookieAttribute reads on every request. */
export function declareHttpsSite(app: FastifyInstance, publicUrl: string): void {
  app.decorate("httpsSite", new URL(publicUrl).protocol === "https:");
}

/**
 * `; Secure` for a cookie of this request's answer, when the site is https (PUBLIC_URL) or the request came over
 * https. Following PUBLIC_URL matters behind a proxy whose X-Forwarded-Proto the server does not trust (TRUST_PROXY):
 * the request then looks like plain http, and a cookie without Secure would be sent over any http link to the
 * host a network attacker can make the browser open. A plain-http localhost (no PUBLIC_URL) keeps its cookies.
 */
export function secureCookieAttribute(request: FastifyRequest): string {
  return request.server.httpsSite || request.protocol === "https" ? "; Secure" : "";
}
