import type { FastifyInstance } from "fastify";

/**
 * JSON bodies of every route but tRPC's (which parses its own): Fastify's parser, which refuses `__proto__` and
 * `constructor.prototype` keys as malformed (400 invalid), except that an empty body is a call without payload.
 * Fastify's other default, text/plain, goes: the API reads JSON only, so a body of any other type is
 * `415 invalid` (docs/api.md), text included (the type a cross-site form can send without asking).
 */
export function acceptJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
}
