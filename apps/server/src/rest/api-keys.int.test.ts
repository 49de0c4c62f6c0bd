import { createSession, offsetClock } from "@market/api";
import { createAdminUser, createBrand, createInfluencer } from "@market/api/testing";
import { API_KEY_PATTERN, DAY_MS, HOUR_MS, MINUTE_MS } from "@market/contracts";
import { apiKeys, eq } from "@market/db";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { cookieFor, nextIp } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

/**
 * API keys (issue 39) end to end through the server on its database: made with a session, used as a bearer on the
 * REST paths and /trpc, refused outside their scopes, revoked, rolled, expired; never logged.
 */

const clock = offsetClock();
const logLines: string[] = [];
const server = useTestApp({
  clock,
  logger: { level: "debug", stream: { write: (line: string) => void logLines.push(line) } },
});

/** Every key text this file was given: none may ever appear in a log line. */
const issued: string[] = [];

const sessionOf = async (userId: number, impersonatorId: number | null = null) =>
  (await createSession(server.db, clock, userId, impersonatorId)).token;

function asSession(token: string) {
  return {
    get: (url: string) =>
      server.app.inject({ method: "GET", url, remoteAddress: nextIp(), headers: { cookie: cookieFor(token) } }),
    post: (url: string, body: unknown) =>
      server.app.inject({
        method: "POST",
        url,
        remoteAddress: nextIp(),
        headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", cookie: cookieFor(token) },
        payload: JSON.stringify(body),
      }),
  };
}

/** A script's requests: the key in the Authorization header, no cookie, no Origin nor Sec-Fetch-Site. */
function asKey(key: string, ip = "203.0.113.7") {
  const headers = { authorization: `Bearer ${key}` };
  return {
    get: (url: string) => server.app.inject({ method: "GET", url, remoteAddress: ip, headers }),
    post: (url: string, body: unknown) =>
      server.app.inject({
        method: "POST",
        url,
        remoteAddress: ip,
        headers: { ...headers, "content-type": "application/json" },
        payload: JSON.stringify(body),
      }),
  };
}

async function createKey(token: string, body: Record<string, unknown>): Promise<{ key: string; id: number }> {
  const answer = await asSession(token).post("/api/keys", body);
  expect(answer.statusCode, answer.body).toBe(200);
  const { key, apiKey } = answer.json().data as { key: string; apiKey: { id: number } };
  issued.push(key);
  return { key, id: apiKey.id };
}

const reasonOf = (answer: LightMyRequestResponse) => (answer.json() as { reason?: string }).reason;
/** tRPC's error shape keeps the reason in data. */
const trpcReasonOf = (answer: LightMyRequestResponse) =>
  (answer.json() as { error: { json: { data: { reason: string }; message: string } } }).error.json;

describe("making keys (POST /api/keys, GET /api/keys)", () => {
  it("answers the key once, in the test format on the sandbox, and stores only a hash of its secret", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    const answer = await asSession(token).post("/api/keys", { name: "Reports script", scopes: ["campaigns:read"] });
    expect(answer.statusCode).toBe(200);
    const { key, apiKey } = answer.json().data;
    issued.push(key);
    const match = API_KEY_PATTERN.exec(key);
    expect(match?.[1]).toBe("test");
    expect(apiKey).toMatchObject({
      name: "Reports script",
      scopes: ["campaigns:read"],
      mode: "test",
      prefix: `mk_test_${match?.[2]}`,
      expiresAt: null,
      lastUsedAt: null,
      state: "active",
    });
    const [row] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(match?.[3]);
    expect(row?.secretHash.byteLength).toBe(32);

    const list = await asSession(token).get("/api/keys");
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([apiKey]);
    expect(list.body).not.toContain(match?.[3]);
  });

  it("refuses an admin, and an admin acting as a user (403), and a visitor (401)", async () => {
    const admin = await createAdminUser(server.db);
    const brand = await createBrand(server.db);
    const body = { name: "x", scopes: ["account:read"] };
    expect((await asSession(await sessionOf(admin.id)).post("/api/keys", body)).statusCode).toBe(403);
    expect((await asSession(await sessionOf(admin.id)).get("/api/keys")).statusCode).toBe(403);
    const acting = await sessionOf(brand.id, admin.id);
    expect((await asSession(acting).post("/api/keys", body)).statusCode).toBe(403);
    const visitor = await server.app.inject({ method: "GET", url: "/api/keys" });
    expect(visitor.statusCode).toBe(401);
  });

  it("validates the name, the scopes and the expiry (400 invalid on the field)", async () => {
    const brand = await createBrand(server.db);
    const session = asSession(await sessionOf(brand.id));
    const refusedOn = async (body: unknown) => {
      const answer = await session.post("/api/keys", body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(reasonOf(answer)).toBe("invalid");
      return (answer.json() as { issues: { path: string[] }[] }).issues.map((issue) => issue.path.join("."));
    };
    const ahead = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    expect(await refusedOn({ name: "", scopes: ["account:read"] })).toContain("name");
    expect(await refusedOn({ name: "x".repeat(81), scopes: ["account:read"] })).toContain("name");
    expect(await refusedOn({ name: "a\nb", scopes: ["account:read"] })).toContain("name");
    expect(await refusedOn({ name: "x", scopes: [] })).toContain("scopes");
    expect(await refusedOn({ name: "x", scopes: ["admin:write"] })).toContain("scopes.0");
    expect(await refusedOn({ name: "x", scopes: ["account:read"], expiresAt: ahead(-MINUTE_MS) })).toContain(
      "expiresAt",
    );
    expect(await refusedOn({ name: "x", scopes: ["account:read"], expiresAt: ahead(366 * DAY_MS) })).toContain(
      "expiresAt",
    );
    expect(await refusedOn({ name: "x", scopes: ["account:read"], expiresAt: "tomorrow" })).toContain("expiresAt");
    const ok = await session.post("/api/keys", { name: " x ", scopes: ["account:read"], expiresAt: ahead(DAY_MS) });
    expect(ok.statusCode).toBe(200);
    issued.push(ok.json().data.key);
    expect(ok.json().data.apiKey.name).toBe("x");
  });

  it("keeps a user's keys from another user: revoke and roll of another's key are not_found", async () => {
    const owner = await createBrand(server.db);
    const other = await createBrand(server.db);
    const { id } = await createKey(await sessionOf(owner.id), { name: "mine", scopes: ["account:read"] });
    const stranger = asSession(await sessionOf(other.id));
    expect((await stranger.post(`/api/keys/${id}/revoke`, {})).statusCode).toBe(404);
    expect((await stranger.post(`/api/keys/${id}/roll`, {})).statusCode).toBe(404);
    expect((await stranger.get("/api/keys")).json().data).toEqual([]);
  });
});

describe("bearer requests", () => {
  it("acts as the key's owner on REST and /trpc without a cookie, with the rate limit's headers", async () => {
    const influencer = await createInfluencer(server.db);
    const { key } = await createKey(await sessionOf(influencer.id), {
      name: "apps",
      scopes: ["applications:read", "account:read"],
    });
    const rest = await asKey(key).get("/api/applications");
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ status: "success", data: { deal: null } });
    expect(rest.headers["ratelimit-limit"]).toBe("600");
    expect(rest.headers["ratelimit-remaining"]).toBe("599");
    expect(Number(rest.headers["ratelimit-reset"])).toBeGreaterThan(0);
    expect(Number(rest.headers["ratelimit-reset"])).toBeLessThanOrEqual(60);

    const me = await asKey(key).get("/trpc/account.me");
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().result.data.json).toMatchObject({ kind: "influencer" });
    expect(me.headers["ratelimit-remaining"]).toBe("598");
  });

  it("writes without the CSRF headers, even with another site's Origin: a key is not a browser's cookie", async () => {
    const brand = await createBrand(server.db);
    const { key } = await createKey(await sessionOf(brand.id), { name: "w", scopes: ["account:write"] });
    const answer = await server.app.inject({
      method: "POST",
      url: "/api/onboarding/seen",
      headers: {
        authorization: `Bearer ${key}`,
        origin: "https://elsewhere.example",
        "content-type": "application/json",
      },
      payload: "{}",
    });
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it("records the last use (time and address) after the answer, at most once a minute per address", async () => {
    const brand = await createBrand(server.db);
    const { key, id } = await createKey(await sessionOf(brand.id), { name: "u", scopes: ["account:read"] });
    const lastUse = async () => {
      const [row] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, id));
      return { at: row?.lastUsedAt?.getTime() ?? null, ip: row?.lastUsedIp ?? null };
    };
    expect((await asKey(key, "198.51.100.1").get("/api/settings")).statusCode).toBe(200);
    await expect.poll(lastUse).toMatchObject({ ip: "198.51.100.1" });
    const first = await lastUse();
    expect((await asKey(key, "198.51.100.1").get("/api/settings")).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lastUse()).toEqual(first);
    const list = await asSession(await sessionOf(brand.id)).get("/api/keys");
    expect(list.json().data[0]).toMatchObject({ lastUsedIp: "198.51.100.1", lastUsedAt: expect.any(String) });
  });

  it("refuses a call outside the key's scopes with 403 scope, naming the missing scope (REST and /trpc)", async () => {
    const influencer = await createInfluencer(server.db);
    const { key } = await createKey(await sessionOf(influencer.id), { name: "s", scopes: ["account:read"] });
    const rest = await asKey(key).get("/api/applications");
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toMatchObject({ status: "error", reason: "scope" });
    const trpc = await asKey(key).get("/trpc/applications.list?input=%7B%22json%22%3A%7B%7D%7D");
    expect(trpc.statusCode).toBe(403);
    expect(trpcReasonOf(trpc)).toMatchObject({
      data: { reason: "scope" },
      message: expect.stringContaining("applications:read"),
    });
    // Reading is not writing: account:read does not save settings.
    const write = await asKey(key).post("/api/settings", { field: "notifications", data: {} });
    expect(write.statusCode).toBe(403);
    expect(reasonOf(write)).toBe("scope");
  });

  it("never reaches key management, sign-in or impersonation (403 session_required)", async () => {
    const brand = await createBrand(server.db);
    const { key, id } = await createKey(await sessionOf(brand.id), {
      name: "all",
      scopes: ["account:read", "account:write", "campaigns:read", "campaigns:write"],
    });
    for (const answer of [
      await asKey(key).get("/api/keys"),
      await asKey(key).post("/api/keys", { name: "more", scopes: ["account:read"] }),
      await asKey(key).post(`/api/keys/${id}/revoke`, {}),
      await asKey(key).post(`/api/keys/${id}/roll`, {}),
      await asKey(key).post("/api/logout", {}),
    ]) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(reasonOf(answer)).toBe("session_required");
    }
    const impersonate = await asKey(key).post("/trpc/auth.impersonate", { json: { kind: "brand", id: brand.id } });
    expect(impersonate.statusCode).toBe(403);
    expect(trpcReasonOf(impersonate).data.reason).toBe("session_required");
  });

  it("still asks for the password to change it or to request a payout", async () => {
    const influencer = await createInfluencer(server.db);
    const { key } = await createKey(await sessionOf(influencer.id), {
      name: "p",
      scopes: ["account:write", "earnings:write"],
    });
    const change = await asKey(key).post("/api/change-password", {
      currentPassword: "not-the-password",
      newPassword: "a-new-password-1",
    });
    expect(change.statusCode, change.body).toBe(400);
    expect(reasonOf(change)).toBe("bad_password");
    const payout = await asKey(key).post("/api/earnings/payout", {
      method: "paypal",
      email: "me@paypal.example",
      amountInCents: 2_000,
    });
    expect(payout.statusCode, payout.body).toBe(400);
    expect(reasonOf(payout)).toBe("invalid");
  });

  it("refuses a request with both a session cookie and a key (400 key_with_session)", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    const { key } = await createKey(token, { name: "c", scopes: ["account:read"] });
    const answer = await server.app.inject({
      method: "GET",
      url: "/api/settings",
      headers: { authorization: `Bearer ${key}`, cookie: cookieFor(token) },
    });
    expect(answer.statusCode).toBe(400);
    expect(reasonOf(answer)).toBe("key_with_session");
    const trpc = await server.app.inject({
      method: "GET",
      url: "/trpc/account.me",
      headers: { authorization: `Bearer ${key}`, cookie: cookieFor(token) },
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpcReasonOf(trpc).data.reason).toBe("key_with_session");
  });

  it("refuses a key found in a query string (400 key_in_query), whatever the parameter, and never logs it", async () => {
    const brand = await createBrand(server.db);
    const { key } = await createKey(await sessionOf(brand.id), { name: "q", scopes: ["account:read"] });
    for (const url of [
      `/api/settings?api_key=${key}`,
      `/api/settings?token=${encodeURIComponent(key)}`,
      `/trpc/account.me?key=${key}`,
      `/deals?x=${key}`,
    ]) {
      const answer = await server.app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.body).toContain("key_in_query");
    }
  });

  it("answers 401 to an unknown, malformed, revoked or expired key, each with its reason", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    const { key, id } = await createKey(token, { name: "r", scopes: ["account:read"] });
    const unknown = key.replace(/_[a-z2-7]{16}_/, "_aaaaaaaaaaaaaaaa_");
    const forged = `${key.slice(0, -4)}aaaa`;
    const live = key.replace("mk_test_", "mk_live_");
    for (const bad of [unknown, forged, live, "mk_test_nope", "x"]) {
      const answer = await asKey(bad).get("/api/settings");
      expect(answer.statusCode, bad).toBe(401);
      expect(reasonOf(answer)).toBe("key_invalid");
    }
    expect((await asKey(key).get("/api/settings")).statusCode).toBe(200);
    const revoked = await asSession(token).post(`/api/keys/${id}/revoke`, {});
    expect(revoked.json().data).toMatchObject({ state: "revoked", revokedAt: expect.any(String) });
    const afterRevoke = await asKey(key).get("/api/settings");
    expect(afterRevoke.statusCode).toBe(401);
    expect(reasonOf(afterRevoke)).toBe("key_revoked");
    const trpc = await asKey(key).get("/trpc/account.me");
    expect(trpc.statusCode).toBe(401);
    expect(trpcReasonOf(trpc).data.reason).toBe("key_revoked");

    const expiring = await createKey(token, {
      name: "e",
      scopes: ["account:read"],
      expiresAt: new Date(clock.now().getTime() + HOUR_MS).toISOString(),
    });
    expect((await asKey(expiring.key).get("/api/settings")).statusCode).toBe(200);
    clock.advance(HOUR_MS);
    try {
      const expired = await asKey(expiring.key).get("/api/settings");
      expect(expired.statusCode).toBe(401);
      expect(reasonOf(expired)).toBe("key_expired");
      const list = await asSession(await sessionOf(brand.id)).get("/api/keys");
      expect(list.json().data.find((k: { id: number }) => k.id === expiring.id)).toMatchObject({ state: "expired" });
    } finally {
      clock.reset();
    }
  });

  it("rolls a key: both work until the old one's chosen end, then only the new one", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    const old = await createKey(token, { name: "rolling", scopes: ["account:read", "campaigns:read"] });
    const rolled = await asSession(token).post(`/api/keys/${old.id}/roll`, { oldKeyExpiresInMinutes: 120 });
    expect(rolled.statusCode, rolled.body).toBe(200);
    const fresh = rolled.json().data as { key: string; apiKey: { id: number; name: string; scopes: string[] } };
    issued.push(fresh.key);
    expect(fresh.key).not.toBe(old.key);
    expect(fresh.apiKey).toMatchObject({ name: "rolling", scopes: ["account:read", "campaigns:read"] });
    expect((await asKey(old.key).get("/api/settings")).statusCode).toBe(200);
    expect((await asKey(fresh.key).get("/api/settings")).statusCode).toBe(200);
    const again = await asSession(token).post(`/api/keys/${old.id}/roll`, {});
    expect(again.statusCode).toBe(409);

    clock.advance(2 * HOUR_MS);
    try {
      const oldAnswer = await asKey(old.key).get("/api/settings");
      expect(oldAnswer.statusCode).toBe(401);
      expect(reasonOf(oldAnswer)).toBe("key_expired");
      expect((await asKey(fresh.key).get("/api/settings")).statusCode).toBe(200);
    } finally {
      clock.reset();
    }
    const tooLong = await asSession(token).post(`/api/keys/${fresh.apiKey.id}/roll`, {
      oldKeyExpiresInMinutes: 7 * 24 * 60 + 1,
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe("hostile Authorization headers", () => {
  it("answer the envelope with a key's reason, never a 5xx, on REST and /trpc", async () => {
    const valid = `mk_test_${"a".repeat(16)}_${"b".repeat(52)}`;
    const headers = [
      "Bearer",
      "Bearer ",
      "Bearer  \t ",
      `bearer ${valid}`,
      `BEARER ${valid}`,
      `Bearer ${valid} extra`,
      `Bearer ${valid}\u0000`,
      `Bearer ${"x".repeat(8_000)}`,
      `Bearer ${valid.toUpperCase()}`,
      `Bearer mk_test_${"é".repeat(16)}_${"b".repeat(52)}`,
      `Bearer ${valid.replace("mk_test_", "mk_other_")}`,
    ];
    for (const authorization of headers) {
      for (const url of ["/api/settings", "/trpc/account.me", "/api/keys"]) {
        let answer: LightMyRequestResponse;
        try {
          answer = await server.app.inject({ method: "GET", url, headers: { authorization } });
        } catch {
          continue; // A header Node itself refuses to send (a NUL) never reaches the server.
        }
        expect(answer.statusCode, `${authorization.slice(0, 40)} ${url}`).toBeLessThan(500);
        if (answer.statusCode !== 400) expect(answer.statusCode).toBe(401);
        const reason = url.startsWith("/trpc") ? trpcReasonOf(answer).data.reason : reasonOf(answer);
        expect(["key_invalid", "invalid"]).toContain(reason);
      }
    }
    // Another scheme is not ours: read as no key at all (a visitor here).
    const basic = await server.app.inject({
      method: "GET",
      url: "/api/settings",
      headers: { authorization: "Basic dTpw" },
    });
    expect(basic.statusCode).toBe(401);
    expect(reasonOf(basic)).toBe("unauthorized");
  });
});

describe("the logs", () => {
  it("never hold a key, whether sent as a bearer or in a query string", () => {
    expect(logLines.length).toBeGreaterThan(10);
    const secrets = issued.map((key) => key.slice(-20));
    const leaking = logLines.filter((line) => secrets.some((secret) => line.includes(secret)));
    expect(leaking).toEqual([]);
    expect(logLines.some((line) => line.includes("redacted: it held an API key"))).toBe(true);
  });
});
