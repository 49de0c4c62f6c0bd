import type { FastifyInstance } from "fastify";
import type { RestRoute } from "../rest/route";
import { buildOpenApiDocument, type OpenApiDocument } from "./document";
import { referencePage } from "./reference-page";

export interface OpenApiPluginOptions {
  routes: readonly RestRoute[];
}

/**
 * GET /api/openapi.json and GET /api/docs, public (no session is read): the document is computed once, on the
 * first request, and its text and page kept for every request after (both are the same for everyone).
 */
export async function openApiPlugin(app: FastifyInstance, options: OpenApiPluginOptions): Promise<void> {
  let built: { document: OpenApiDocument; text: string; page: string } | undefined;
  const once = () => {
    if (!built) {
      const document = buildOpenApiDocument(options.routes);
      built = { document, text: JSON.stringify(document), page: referencePage(document) };
    }
    return built;
  };
  app.get("/api/openapi.json", async (_request, reply) => reply.type("application/json").send(once().text));
  app.get("/api/docs", async (_request, reply) => reply.type("text/html; charset=utf-8").send(once().page));
}
