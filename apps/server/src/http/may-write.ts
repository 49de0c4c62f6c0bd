import type { FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A route that only reads although its method is not GET (the REST searches: their filters are the body). */
    reads?: boolean;
  }
}

/**
 * Whether a request may have written to the database: any method but GET and HEAD unless its route only reads,
 * and the network linking flows under /auth/, which link, verify and refresh a network on a GET (the OAuth
 * callback, Instagram's verify and refresh). The load's reads (/trpc queries, /api reads and searches, files, the
 * app's assets) are none of these.
 */
export function mayWrite(request: FastifyRequest): boolean {
  if (request.method === "GET" || request.method === "HEAD") return request.url.startsWith("/auth/");
  return request.routeOptions.config.reads !== true;
}
