import { LOOKS_LIKE_API_KEY } from "@market/contracts";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * The request as the log shows it. Headers are never logged (the Authorization header carries API keys); a URL
 * holding something like a key in its query (refused: bearer-auth.ts) is logged without its query, so the leaked key
 * goes no further. Fastify's request serializer reads these fields of whatever it is given.
 */
export function loggedRequest(request: FastifyRequest): FastifyRequest | Record<string, unknown> {
  if (!LOOKS_LIKE_API_KEY.test(request.url) && !request.url.includes("%")) return request;
  let decoded = request.url;
  try {
    decoded = decodeURIComponent(request.url);
  } catch {}
  if (!LOOKS_LIKE_API_KEY.test(request.url) && !LOOKS_LIKE_API_KEY.test(decoded)) return request;
  const queryAt = request.url.indexOf("?");
  return {
    method: request.method,
    url: `${queryAt === -1 ? request.url : request.url.slice(0, queryAt)}?[redacted: it held an API key]`,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * One access line per request instead of Fastify's two (issue 33): "request completed" (or "request errored") with
 * the request (method, url, host, remote address), the answer's status and the time it took, where Fastify logs
 * the request when it comes in and again, without it, when it is answered. At LOG_LEVEL info (the default) each
 * line is a JSON serialization and a write: the two were about a tenth of the money mix's Node CPU in its profile.
 * A request that never completes (the process ends first) is no longer logged as it came in.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      const req = loggedRequest(request);
      reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    } else {
      reply.log.info({ req: loggedRequest(request), res: reply, responseTime: reply.elapsedTime }, "request completed");
    }
  }
}
