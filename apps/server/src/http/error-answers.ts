import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { toErrorAnswer } from "../rest/errors";
import { noCacheOnApiGet } from "./no-cache";

/**
 * The one error handler, set on the root so every route inherits it: whatever a handler throws, and every error
 * Fastify raises on the way to it (body too large, unsupported media type, malformed JSON or multipart), is
 * answered as the envelope (spec section 7: the web reloads on an /api answer without `status`).
 */
export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = toErrorAnswer(error, request.log);
  return reply.code(answer.statusCode).send(answer.body);
}

/**
 * Fastify's `frameworkErrors`: a path it cannot route (a bad percent-encoding, a path parameter over
 * maxParamLength). These are answered before any hook runs, so the headers every answer carries are set here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  void noCacheOnApiGet(request, reply);
  reply.header("x-request-id", String(request.id));
  return answerError(error, request, reply);
}
