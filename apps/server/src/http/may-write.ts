import type { FastifyRequest } from "fastify";

/**
 * Whether a request may have written to the database: any method but GET and HEAD, and the network linking flows
 * under /auth/, which link, verify and refresh a network on a GET (the OAuth callback, Instagram's verify and
 * refresh). The reads that make up the load (/trpc queries, /api reads, files, the app's assets) are GETs elsewhere.
 */
export function mayWrite(request: FastifyRequest): boolean {
  return (request.method !== "GET" && request.method !== "HEAD") || request.url.startsWith("/auth/");
}
