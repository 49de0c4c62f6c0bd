import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./openapi/schema";

/** The REST paths and schemas of the server's OpenAPI document (`npm run openapi` regenerates them). */
export type ApiPaths = paths;
export type ApiSchemas = components["schemas"];
export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** The server's origin, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /**
   * Sent on every call: how the script authenticates (`{ authorization: "Bearer …" }` for an API key, or a
   * session's `{ cookie: "session=…" }`).
   */
  headers?: Record<string, string>;
  /** A fetch of your own (a test's, a proxy's); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

/**
 * A typed client of the REST API, generated from the document (openapi-typescript + openapi-fetch): every path,
 * its parameters, body and answer typed. It states the server's own origin, as createClient does, so that a write
 * carrying a session passes the CSRF check (docs/api.md, Cross-site requests); a browser always tells its page's
 * origin, so this opens nothing to another site.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const origin = new URL(options.baseUrl).origin;
  return createClient<paths>({
    baseUrl: origin,
    headers: { origin, ...options.headers },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
