import type { FieldIssue } from "@market/contracts";
import type { FastifyInstance } from "fastify";

/** How deep objects and arrays may sit within a body (docs/api.md, Bodies): deeper is `400 invalid`. */
export const MAX_BODY_DEPTH = 32;

/**
 * Why a parsed body is refused, or null: a payload is one JSON object (an array, a string, a number or null is not
 * one), with no object or array deeper than MAX_BODY_DEPTH and no U+0000 in a key or a string. Checked before any
 * route reads it, so a path that reads no body refuses a malformed one as a path that reads it does, and does
 * nothing (`[[[…]]]` was taken as no payload by the paths that ignore their body, and the action happened). The
 * issue names where (the field of a text holding U+0000, as its schema would).
 */
export function bodyRefusal(body: unknown): FieldIssue | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { path: [], message: "The body is not a JSON object." };
  }
  const pending: [node: unknown, path: (string | number)[]][] = [[body, []]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, path] = next;
    if (typeof node === "string") {
      if (node.includes("\u0000")) return { path, message: NUL_MESSAGE };
      continue;
    }
    if (typeof node !== "object" || node === null) continue;
    if (path.length >= MAX_BODY_DEPTH) return { path, message: `Nested deeper than ${MAX_BODY_DEPTH} levels.` };
    const isArray = Array.isArray(node);
    for (const [key, child] of Object.entries(node)) {
      if (key.includes("\u0000")) return { path: [...path, key], message: NUL_MESSAGE };
      pending.push([child, [...path, isArray ? Number(key) : key]]);
    }
  }
  return null;
}

const NUL_MESSAGE = "Holds the character U+0000.";

/** A refused body's error: the root error handler answers its status with `invalid` and the issue. */
const refused = (issue: FieldIssue) => Object.assign(new Error(issue.message), { statusCode: 400, issues: [issue] });

/**
 * JSON bodies of every route but tRPC's (which parses its own): Fastify's parser, which refuses `__proto__` and
 * `constructor.prototype` keys as malformed (400 invalid), then bodyRefusal's rules, except that an empty body is a
 * call without payload. Fastify's other default, text/plain, goes: the API reads JSON only, so a body of any other
 * type is `415 invalid` (docs/api.md), text included (the type a cross-site form can send without asking).
 */
export function acceptJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, (error, parsed) => {
      if (error) return done(error);
      const issue = bodyRefusal(parsed);
      return issue === null ? done(null, parsed) : done(refused(issue));
    });
  });
}
