import type { FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A route that only reads although its method is not GET (the REST searches: their filters are the body). */
    reads?: boolean;
    /**
     * A GET route that writes: the network linking flows link, verify and refresh a network when the browser
     * comes back from the provider or the bio check (their links are followed, never posted), and an admin's
     * impersonation link opens a session.
     */
    writes?: boolean;
  }
}

/** The route config of a GET route that writes (mayWrite). */
export const WRITING_GET = { config: { writes: true } } as const;

/**
 * Whether a request may have written to the database: any method but GET and HEAD unless its route only reads,
 * and a GET or HEAD only on a route that says it writes. The load's reads (/trpc queries, /api reads and searches,
 * files, the app's assets) are none of these.
 */
export function mayWrite(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  if (request.method === "GET" || request.method === "HEAD") return config.writes === true;
  return config.reads !== true;
}
