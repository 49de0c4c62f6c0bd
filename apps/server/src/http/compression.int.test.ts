import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { createSession, fixedClock } from "@market/api";
import { campaignBody, createBrand, createInfluencer } from "@market/api/testing";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";
import { ANSWER_BROTLI_QUALITY, COMPRESS_THRESHOLD_BYTES } from "./compression";

const PAGE = `<!doctype html><title>app</title>${"<link rel=modulepreload href=/assets/chunk.js>".repeat(20)}`;
const SCRIPT = "export const greeting = () => console.log('hello, visitor');\n".repeat(300);

/** A built web app as apps/web's build leaves it: each text file beside its .br and .gz. */
function makeWebDist(): string {
  const folder = mkdtempSync(join(tmpdir(), "web-dist-"));
  mkdirSync(join(folder, "assets"));
  for (const [path, text] of [
    ["index.html", PAGE],
    ["assets/main-abc123.js", SCRIPT],
  ] as const) {
    writeFileSync(join(folder, path), text);
    writeFileSync(join(folder, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(folder, `${path}.gz`), gzipSync(text));
  }
  return folder;
}

// A fixed clock: a deal's answer counts down to its deadline, and the test compares two answers byte for byte.
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const server = useTestApp({ clock, webDist: makeWebDist() });

beforeAll(async () => {
  for (let index = 0; index < 15; index += 1) await createInfluencer(server.db);
});

/** The body as the client reads it once it has undone the answer's Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === "gzip") return gunzipSync(response.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return response.body;
}

const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("built web app", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["gzip;q=0.5, br;q=0.1", "gzip"],
    [undefined, undefined],
    ["identity", undefined],
  ])("sends a hashed asset to Accept-Encoding %s as %s, cached for a year", async (accepted, encoding) => {
    const response = await get("/assets/main-abc123.js", accepted);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers.vary).toContain("accept-encoding");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(decoded(response)).toBe(SCRIPT);
  });

  it("sends index.html compressed for client routes, never cached", async () => {
    for (const [accepted, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      [undefined, undefined],
    ] as const) {
      const response = await get("/find", accepted);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers.vary).toContain("accept-encoding");
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(decoded(response)).toBe(PAGE);
    }
  });
});

describe("API answers", () => {
  const search = (acceptEncoding?: string) =>
    server.app.inject({
      method: "POST",
      url: "/api/influencers/search",
      headers: { "content-type": "application/json", ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
      payload: "{}",
    });

  it("compresses an answer over the threshold, as brotli first, to the same bytes", async () => {
    const plain = await search();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    for (const [accepted, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const response = await search(accepted);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers.vary).toContain("accept-encoding");
      expect(response.headers["x-request-id"]).toEqual(expect.any(String));
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(decoded(response)).toBe(plain.body);
    }
  });

  it("compresses an answer as brotli at the quality for answers, not at the plugin's default", async () => {
    const plain = await search();
    const response = await search("br");
    const atQuality = (quality: number) =>
      brotliCompressSync(plain.rawPayload, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: quality,
        },
      });
    expect(atQuality(ANSWER_BROTLI_QUALITY)).not.toEqual(atQuality(4));
    expect(response.rawPayload).toEqual(atQuality(ANSWER_BROTLI_QUALITY));
  });

  it("compresses a GET of the API and keeps its no-cache headers", async () => {
    const brand = await createBrand(server.db);
    const { token } = await createSession(server.db, clock, brand.id);
    const body = campaignBody(clock, {
      description: "Two posts showing our new shoe on a long run. ".repeat(40),
    });
    const created = await post(server.app, "/api/campaigns", body, { token });
    const url = `/api/deals/${created.json().data.id}`;
    const read = (acceptEncoding?: string) =>
      server.app.inject({
        method: "GET",
        url,
        cookies: { session: token },
        headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      });
    const plain = await read();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const response = await read("gzip, deflate, br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toContain("accept-encoding");
    expect(response.headers["cache-control"]).toBe("no-cache, no-store, must-revalidate");
    expect(response.headers.pragma).toBe("no-cache");
    expect(decoded(response)).toBe(plain.body);
  });

  it("sends an answer under the threshold as it is", async () => {
    const response = await get("/api/unknown", "gzip, deflate, br");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json()).toEqual({ status: "error", reason: "not_found" });
  });

  it("compresses tRPC answers over HTTP", async () => {
    const input = encodeURIComponent(JSON.stringify({ json: {} }));
    const response = await get(`/trpc/influencers.search?input=${input}`, "gzip, br");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toContain("accept-encoding");
    expect(JSON.parse(decoded(response)).result.data.json.influencers).toHaveLength(15);
  });

  it("does not inflate a compressed request body: it stays invalid JSON in the envelope", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/influencers/search",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: gzipSync("{}"),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: "error", reason: "invalid" });
  });
});
