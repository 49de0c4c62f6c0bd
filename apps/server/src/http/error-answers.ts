import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Reason } from "@market/contracts";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { failure } from "../rest/envelope";
import { toErrorAnswer } from "../rest/errors";
import { NO_CACHE_HEADERS, noCacheOnApiGet } from "./no-cache";

/**
 * The one error handler, set on the root so every route inherits it: whatever a handler throws, and every error
 * Fastify raises on the way to it (body too large, unsupported media type, malformed JSON or multipart), is
 * answered as the envelope (spec section 7: the web reloads on an /api answer without `status`).
 */
export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = toErrorAnswer(error, request.log);
  if (answer.headers) reply.headers(answer.headers);
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

/** Node's client errors Fastify's default handler names; any other is a request HTTP cannot read (400). */
const CLIENT_ERRORS: Record<string, { status: number; reason: Reason }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: "too_big" },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: "invalid" },
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses before Fastify sees it (headers over 16 KB,
 * as a browser sends with a pile of cookies; a malformed request; a timeout). Fastify's default answers its own
 * JSON without `status`, on which the web app reloads the page, and would again at once. The envelope instead,
 * with the headers of any answer; the path is not known here, so every such answer is one.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A connection reset: nobody is there to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, reason } = CLIENT_ERRORS[error.code ?? ""] ?? { status: 400, reason: "invalid" };
  const body = JSON.stringify(failure(reason));
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    ...NO_CACHE_HEADERS,
    "x-request-id": randomUUID(),
    Connection: "close",
  };
  if (socket.writable) {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join("")}\r\n${body}`);
  }
  socket.destroy(error);
}
