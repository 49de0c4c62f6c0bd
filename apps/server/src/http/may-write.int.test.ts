import { oauthCallbackPath } from "@market/api";
import { LINKABLE_NETWORKS, SANDBOX_BIOS_PATH } from "@market/contracts";
import type { FastifyRequest } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../testing/test-app";
import { mayWrite } from "./may-write";

/**
 * The app's own routes as mayWrite sees them: the server forgets its search caches before answering a request
 * that may write (app.ts), so a GET route that writes and does not say so would leave this instance's searches
 * behind its own write until the NOTIFY comes. Each request here is refused or redirected (no one is signed in);
 * what counts is its route.
 */
const server = useTestApp();
const said = new Map<string, boolean>();

beforeAll(() => {
  server.app.addHook("onSend", async (request: FastifyRequest) => {
    said.set(`${request.method} ${request.url}`, mayWrite(request));
  });
});

async function mayHaveWritten(method: "GET" | "POST", url: string): Promise<boolean | undefined> {
  await server.app.inject({ method, url, headers: { "sec-fetch-site": "same-origin" } });
  return said.get(`${method} ${url}`);
}

describe("mayWrite on the app's routes", () => {
  it("counts the GET routes that link, verify or refresh a network, and the impersonation link, as writes", async () => {
    for (const type of LINKABLE_NETWORKS) {
      expect(await mayHaveWritten("GET", `/auth/${type}`)).toBe(true);
      expect(await mayHaveWritten("GET", `${oauthCallbackPath(type)}?code=c&state=s`)).toBe(true);
    }
    expect(await mayHaveWritten("GET", "/auth/instagram/verify?data=x")).toBe(true);
    expect(await mayHaveWritten("GET", "/auth/instagram/refresh?id=1")).toBe(true);
    expect(await mayHaveWritten("GET", "/admin/login?u=i&id=1")).toBe(true);
  });

  it("counts the other GETs as reads, the network sandbox's pages under /auth/ too", async () => {
    expect(await mayHaveWritten("GET", "/api/settings")).toBe(false);
    expect(await mayHaveWritten("GET", "/health")).toBe(false);
    expect(await mayHaveWritten("GET", "/auth/sandbox/youtube")).toBe(false);
    expect(await mayHaveWritten("GET", SANDBOX_BIOS_PATH)).toBe(false);
  });

  it("counts a POST as a write unless its route only reads (the REST searches)", async () => {
    expect(await mayHaveWritten("POST", "/api/influencers/invite")).toBe(true);
    expect(await mayHaveWritten("POST", "/api/influencers/search")).toBe(false);
  });
});
