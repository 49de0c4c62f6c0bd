/**
 * Quickstart for scripts (docs/api.md): list my applications, download my statement, send a chat message, with the
 * typed REST client generated from the server's OpenAPI document. scripts/quickstart.built.test.ts runs it against
 * the built server.
 *
 *   npx tsx packages/sdk/examples/quickstart.ts http://127.0.0.1:3000 "Bearer <your API key>"
 *
 * The auth header is a parameter: an API key made in Settings, API (`authorization: Bearer mk_…`) with the scopes
 * applications:read, applications:write and earnings:read; a session's cookie works too.
 */
import { pathToFileURL } from "node:url";
import { createApiClient } from "@market/sdk";

export interface QuickstartOptions {
  baseUrl: string;
  /** How the script authenticates: `{ authorization: "Bearer <key>" }`, or a session's `{ cookie: "session=…" }`. */
  headers: Record<string, string>;
  /** The chat message to send on the most recently updated application. */
  text?: string;
}

export async function quickstart({ baseUrl, headers, text = "Hello from a script" }: QuickstartOptions) {
  const api = createApiClient({ baseUrl, headers });

  // 1. My open applications (waiting or in progress), most recently updated first; 20 a page: pass nextCursor back
  // as `cursor` for the next.
  const list = await api.GET("/api/applications", { params: { query: { status: "open", sort: "time_p" } } });
  if (!list.data) throw new Error(`listing refused: ${list.error?.reason}`);
  const { applications, nextCursor } = list.data.data;

  // 2. My statement: every transaction as CSV (an influencer's; a brand's is /api/hires/statement.csv).
  const statement = await api.GET("/api/earnings/statement.csv", { parseAs: "text" });
  if (statement.data === undefined) throw new Error(`statement refused: ${statement.error?.reason}`);

  // 3. A chat message on the first one: the answer is the message as the chat shows it.
  const first = applications[0];
  if (!first) return { applications: 0, nextCursor, statement: statement.data, applicationId: null, sent: null };
  const sent = await api.POST("/api/applications/{id}/messages", {
    params: { path: { id: first.id } },
    body: { text },
  });
  if (!sent.data) throw new Error(`message refused: ${sent.error?.reason}`);
  return {
    applications: applications.length,
    nextCursor,
    statement: statement.data,
    applicationId: first.id,
    sent: sent.data.data,
  };
}

// Run as a script: the server's address and an Authorization header's value.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [baseUrl, authorization] = process.argv.slice(2);
  if (!baseUrl || !authorization) {
    console.error('usage: tsx packages/sdk/examples/quickstart.ts <url> "Bearer <key>"');
    process.exit(2);
  }
  const result = await quickstart({ baseUrl, headers: { authorization } });
  console.log(JSON.stringify({ ...result, statement: `${result.statement.split("\n").length} lines` }, null, 2));
}
