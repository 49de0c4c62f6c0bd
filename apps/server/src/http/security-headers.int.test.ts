import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { systemClock } from "@market/api";
import { TEST_ORIGIN } from "@market/api/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { useTestApp } from "../testing/test-app";

const server = useTestApp();
const webDist = mkdtempSync(join(tmpdir(), "security-headers-"));
writeFileSync(join(webDist, "index.html"), "<!doctype html><title>app</title>");
mkdirSync(join(webDist, "assets"));
writeFileSync(join(webDist, "assets", "index-abc123.js"), "export {};");
let http: FastifyInstance;
let https: FastifyInstance;
beforeAll(async () => {
  http = await buildApp({ db: server.db, clock: systemClock, publicUrl: TEST_ORIGIN, webDist });
  https = await buildApp({ db: server.db, clock: systemClock, publicUrl: "https://market.example", webDist });
});
afterAll(async () => {
  await http.close();
  await https.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** One of each kind of answer: a page of the app, an API read, refusals, an unknown API path, the health check. */
const ANSWERS = [
  { method: "GET", url: "/find", status: 200 },
  { method: "GET", url: "/api/deals?page=1", status: 401 },
  { method: "GET", url: "/trpc/account.me", status: 200 },
  { method: "POST", url: "/api/login", status: 400 },
  { method: "GET", url: "/api/nothing-here", status: 404 },
  { method: "GET", url: "/health", status: 200 },
] as const;

describe("security headers", () => {
  it("go with every page and answer: a strict CSP, no framing, a referrer policy and no unused features", async () => {
    for (const { method, url, status } of ANSWERS) {
      const response = await http.inject({ method, url });
      expect(response.statusCode, url).toBe(status);
      const csp = String(response.headers["content-security-policy"]);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
      expect(csp, url).toContain("connect-src 'self' blob: https://api.stripe.com;");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("base-uri 'none'");
      expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(response.headers["x-frame-options"], url).toBe("DENY");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(response.headers["permissions-policy"], url).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
      // A plain-http site gets no HSTS, which would make browsers refuse it.
      expect(response.headers["strict-transport-security"], url).toBeUndefined();
      expect(csp, url).not.toContain("upgrade-insecure-requests");
    }
  });

  it("add HSTS and upgrade-insecure-requests on an https site", async () => {
    for (const { method, url } of ANSWERS) {
      const response = await https.inject({ method, url });
      expect(response.headers["strict-transport-security"], url).toBe("max-age=31536000");
      expect(response.headers["content-security-policy"], url).toContain("upgrade-insecure-requests");
    }
  });

  it("leave the app's scripts and styles nosniff alone: a browser applies the page's headers to the page", async () => {
    const response = await https.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    for (const header of ["content-security-policy", "x-frame-options", "permissions-policy", "referrer-policy"]) {
      expect(response.headers[header], header).toBeUndefined();
    }
  });

  it("send no referrer from the reset page, whose address carries the token", async () => {
    for (const url of ["/reset-password?token=abc", "/reset-password"]) {
      const response = await http.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["referrer-policy"], url).toBe("no-referrer");
    }
    expect((await http.inject({ method: "GET", url: "/reset-passwordx" })).headers["referrer-policy"]).toBe(
      "strict-origin-when-cross-origin",
    );
  });

  it("leave a route its own stricter policy (the network sandbox's pages)", async () => {
    const response = await http.inject({ method: "GET", url: "/auth/sandbox/instagram" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
  });
});
