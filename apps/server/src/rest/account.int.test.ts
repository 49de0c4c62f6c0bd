import { createSession, fixedClock } from "@market/api";
import { createAdminUser, createBrand, createInfluencer } from "@market/api/testing";
import { eq, ledgerEntries, ledgerTransactions, users } from "@market/db";
import { describe, expect, it } from "vitest";
import { cookieFor, post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-05-15T12:00:00Z"));

const server = useTestApp({ clock });

const sessionOf = async (userId: number, impersonatorId: number | null = null) =>
  (await createSession(server.db, clock, userId, impersonatorId)).token;

const getBalance = (token?: string) =>
  server.app.inject({ method: "GET", url: "/api/balance", headers: token ? { cookie: cookieFor(token) } : {} });

async function hasSeen(userId: number) {
  const [row] = await server.db.select({ seen: users.hasSeenOnboarding }).from(users).where(eq(users.id, userId));
  return row?.seen;
}

describe("POST /api/onboarding/seen", () => {
  it("marks onboarding seen and answers success, again and again", async () => {
    const brand = await createBrand(server.db);
    const token = await sessionOf(brand.id);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await post(server.app, "/api/onboarding/seen", undefined, { token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: "success", data: null });
      expect(await hasSeen(brand.id)).toBe(true);
    }
  });

  it("answers success to an impersonating admin without writing the flag", async () => {
    const admin = await createAdminUser(server.db);
    const influencer = await createInfluencer(server.db);
    const token = await sessionOf(influencer.id, admin.id);
    const response = await post(server.app, "/api/onboarding/seen", undefined, { token });
    expect(response.json()).toEqual({ status: "success", data: null });
    expect(await hasSeen(influencer.id)).toBe(false);
  });

  it("answers 401 unauthorized to a visitor", async () => {
    const response = await post(server.app, "/api/onboarding/seen", undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: "error", reason: "unauthorized" });
  });

  it("refuses a cross-site request (CSRF)", async () => {
    const influencer = await createInfluencer(server.db);
    const response = await server.app.inject({
      method: "POST",
      url: "/api/onboarding/seen",
      headers: { "sec-fetch-site": "cross-site", cookie: cookieFor(await sessionOf(influencer.id)) },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: "error", reason: "csrf" });
    expect(await hasSeen(influencer.id)).toBe(false);
  });
});

describe("GET /api/balance", () => {
  it("answers the influencer's balance from the ledger, without caching", async () => {
    const influencer = await createInfluencer(server.db);
    await server.db.transaction(async (tx) => {
      const [release] = await tx.insert(ledgerTransactions).values({ kind: "release" }).returning();
      if (!release) throw new Error("no transaction");
      await tx.insert(ledgerEntries).values([
        { transactionId: release.id, account: "escrow:41", amountCents: -27_500 },
        { transactionId: release.id, account: `influencer:${influencer.id}`, amountCents: 22_500 },
        { transactionId: release.id, account: "platform:fees", amountCents: 5_000 },
      ]);
    });
    const response = await getBalance(await sessionOf(influencer.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "success", data: { balanceCents: 22_500 } });
    expect(response.headers["cache-control"]).toBe("no-cache, no-store, must-revalidate");
  });

  it("answers 403 forbidden to a brand and 401 unauthorized to a visitor", async () => {
    const brand = await createBrand(server.db);
    const asBrand = await getBalance(await sessionOf(brand.id));
    expect(asBrand.statusCode).toBe(403);
    expect(asBrand.json()).toEqual({ status: "error", reason: "forbidden" });
    const asVisitor = await getBalance();
    expect(asVisitor.statusCode).toBe(401);
    expect(asVisitor.json()).toEqual({ status: "error", reason: "unauthorized" });
  });
});
