import { restRoutes } from "../rest/routes";
import { buildOpenApiDocument, type OpenApiDocument } from "./document";

/** The server's OpenAPI document, as GET /api/openapi.json answers it (scripts/openapi.ts writes it to a file). */
export const serverOpenApiDocument = (): OpenApiDocument => buildOpenApiDocument(restRoutes);
export type { OpenApiDocument };
