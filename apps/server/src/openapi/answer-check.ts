import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { openApiPath } from "./document";
import { OPERATIONS } from "./operations";
import { OTHER_OPERATIONS } from "./other-operations";

/** The schema the document gives the `data` of an operation's success; none for a file, a page or another path. */
export function answerSchemaOf(method: string, path: string): z.ZodType | undefined {
  const key = `${method} ${openApiPath(path)}`;
  const other = OTHER_OPERATIONS.find((operation) => `${operation.method} ${operation.path}` === key);
  if (other) return other.answer.kind === "json" ? other.answer.schema : undefined;
  return OPERATIONS[key]?.answer;
}

/**
 * For tests: holds every successful JSON answer the app sends to the schema the document gives it, so the
 * document cannot drift from what the server answers. Returns the answers that did not match (the test fails on
 * any); what is not the envelope (a file, a page, a path outside the document) is not checked.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): string[] {
  const mismatches: string[] = [];
  app.addHook("onSend", async (request, reply, payload) => {
    const path = request.routeOptions.url;
    if (reply.statusCode !== 200 || typeof payload !== "string" || !path) return payload;
    const schema = answerSchemaOf(request.method, path);
    if (!schema) return payload;
    let body: { status?: unknown; data?: unknown };
    try {
      body = JSON.parse(payload);
    } catch {
      mismatches.push(`${request.method} ${path}: not JSON`);
      return payload;
    }
    if (body.status !== "success") return payload;
    const parsed = schema.safeParse(body.data);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
      mismatches.push(`${request.method} ${path} answered off its document schema: ${issues}`);
    }
    return payload;
  });
  return mismatches;
}
