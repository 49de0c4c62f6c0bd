import type { FastifyReply, FastifyRequest } from "fastify";

const API_PATH = /^\/(api|admin\/api)(\/|\?|$)/;

/** Spec section 7: GET answers of the API, unknown paths included, are never cached by a browser or proxy. */
export async function noCacheOnApiGet(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.method !== "GET" || !API_PATH.test(request.url)) return;
  reply.header("Cache-Control", "no-cache, no-store, must-revalidate");
  reply.header("Pragma", "no-cache");
  reply.header("Expires", "0");
}
