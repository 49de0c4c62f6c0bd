import { existsSync, readFileSync } from "node:fs";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "@market/db/seed";
import { afterAll, beforeAll, expect, it } from "vitest";
import { quickstart } from "../packages/sdk/examples/quickstart";
import { startBuiltServer } from "./built-server.mjs";

/**
 * docs/api.md's "Quickstart for scripts" (packages/sdk/examples/quickstart.ts) against the BUILT server on the demo
 * seed, and the document that server serves: the one the client was generated from.
 */
const BUILT_SERVER = new URL("../apps/server/dist/main.js", import.meta.url).pathname;
const COMMITTED_DOCUMENT = new URL("../packages/sdk/src/openapi/openapi.json", import.meta.url);

let server: Awaited<ReturnType<typeof startBuiltServer>>;
beforeAll(async () => {
  expect(existsSync(BUILT_SERVER), `${BUILT_SERVER} is missing: run \`npm run build\` first`).toBe(true);
  server = await startBuiltServer({}, { quiet: true });
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

/** The demo influencer's session cookie, through POST /api/login, as a person signs in to make a key. */
async function sessionCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: DEMO_ACCOUNTS.influencer.email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = /session=[^;]+/.exec(response.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

/** An API key with the quickstart's scopes, made as Settings, API makes it (a session, never a key). */
async function apiKey(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/keys`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: await sessionCookie(baseUrl), origin: baseUrl },
    body: JSON.stringify({
      name: "quickstart",
      scopes: ["applications:read", "applications:write", "earnings:read"],
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { key: string } }).data.key;
}

it("lists the influencer's applications, downloads the statement and sends a chat message, with an API key", async () => {
  const headers = { authorization: `Bearer ${await apiKey(server.baseUrl)}` };
  const text = `quickstart ${Date.now()}`;
  const result = await quickstart({ baseUrl: server.baseUrl, headers, text });
  expect(result.applications).toBeGreaterThan(0);
  expect(result.statement.split("\n")[0]).toContain(",");
  expect(result.sent).toMatchObject({ type: "text", text, isMe: true });

  // The message is in the chat, as the other party will read it.
  const sent = result.sent as { id: number };
  const chat = await fetch(`${server.baseUrl}/api/applications/${result.applicationId}/messages`, { headers });
  const page = (await chat.json()) as { data: { messages: unknown[] } };
  expect(page.data.messages[0]).toMatchObject({ id: sent.id, text });

  // Outside its scopes the key is refused, naming the scope: it was given nothing of the networks.
  const networks = await fetch(`${server.baseUrl}/api/networks`, { headers });
  expect(networks.status).toBe(403);
  expect(await networks.json()).toMatchObject({ status: "error", reason: "scope" });
}, 60_000);

it("serves the committed document to anyone, and its reference page without a script", async () => {
  const document = await fetch(`${server.baseUrl}/api/openapi.json`);
  expect(document.status).toBe(200);
  expect(await document.json()).toEqual(JSON.parse(readFileSync(COMMITTED_DOCUMENT, "utf8")));
  const page = await fetch(`${server.baseUrl}/api/docs`);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toContain("text/html");
  const html = await page.text();
  expect(html).toContain("/api/applications/{id}/messages");
  expect(html).not.toContain("<script");
});
