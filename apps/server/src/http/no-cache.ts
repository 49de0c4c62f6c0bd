import type { FastifyReply, FastifyRequest } from "fastify";

const API_PATH = /^\/(api|admin\/api)(\/|\?|$)/;

/** The headers that keep an answer out of every cache. */
export const NO_CACHE_HEADERS = {
  "Cache-Control": "no-cache, no-store, must-revalidate",
  Pragma: "no-cache",
  Expires: "0",
} as const;

/** Spec section 7: GET answers of the API, unknown paths included, are never cached by a browser or proxy. */
export async function noCacheOnApiGet(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.method !== "GET" || !API_PATH.test(request.url)) return;
  reply.headers(NO_CACHE_HEADERS);
}
