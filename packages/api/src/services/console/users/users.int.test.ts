import { adminAuditLog, type Db, eq, influencerProfiles } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import type { SessionCookie } from "../../../context";
import { callerFor, callFailure, createAdminUser, createBrand, createInfluencer } from "../../../testing";

let testDb: TestDb;
let db: Db;
const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
});
afterAll(() => testDb.close());

async function adminCaller(cookie?: SessionCookie) {
  const admin = await createAdminUser(db);
  return { admin, caller: await callerFor(db, { userId: admin.id }, clock, cookie) };
}

describe("console users (issue 36, point 4)", () => {
  it("finds a user by id, email, username start, part of a company name, kind and flag", async () => {
    const { caller } = await adminCaller();
    const brand = await createBrand(db, { username: "zephyr_brand", brandName: "Northwind Traders" });
    const influencer = await createInfluencer(db, { username: "zephyr_walks" });
    await db.update(influencerProfiles).set({ maybeFake: true }).where(eq(influencerProfiles.userId, influencer.id));
    const ids = async (input: Parameters<typeof caller.admin.console.users.search>[0]) =>
      (await caller.admin.console.users.search(input)).users.map((user) => user.id);

    expect(await ids({ q: String(brand.id) })).toEqual([brand.id]);
    expect(await ids({ q: "ZEPHYR_BRAND@test" })).toEqual([brand.id]);
    expect(await ids({ q: "zephyr" })).toEqual([influencer.id, brand.id]);
    expect(await ids({ q: "wind trad" })).toEqual([brand.id]);
    expect(await ids({ q: "zephyr", kind: "brand" })).toEqual([brand.id]);
    expect(await ids({ q: "zephyr", flag: "maybe_fake" })).toEqual([influencer.id]);
    // LIKE's wildcards are text, not patterns.
    expect(await ids({ q: "zephyr%" })).toEqual([]);
    const [row] = (await caller.admin.console.users.search({ q: String(brand.id) })).users;
    expect(row).toMatchObject({ kind: "brand", brandName: "Northwind Traders", maybeFake: false, isAdmin: false });
  });

  it("pages newest first by keyset, without losing or repeating a row", async () => {
    const { caller } = await adminCaller();
    for (let n = 0; n < 53; n++) {
      await createBrand(db, { username: `pager_${String(n).padStart(2, "0")}` });
    }
    const first = await caller.admin.console.users.search({ q: "pager_" });
    expect(first.users).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await caller.admin.console.users.search({ q: "pager_", cursor: first.nextCursor ?? undefined });
    expect(second.nextCursor).toBeNull();
    const all = [...first.users, ...second.users].map((user) => user.username);
    expect(new Set(all).size).toBe(53);
    // Newest first: the identity ids grow with the creation, ties broken by id.
    expect(all[0]).toBe("pager_52");
    expect(await callFailure(caller.admin.console.users.search({ cursor: "garbage" }))).toMatchObject({
      reason: "invalid",
    });
  });

  it("shows a user's page: profile, applications, money, flag, logins", async () => {
    const { caller } = await adminCaller();
    const influencer = await createInfluencer(db, { username: "page_person" });
    await callerFor(db, { userId: influencer.id }, clock);
    const page = await caller.admin.console.users.get({ id: influencer.id });
    expect(page).toMatchObject({
      user: { id: influencer.id, kind: "influencer", username: "page_person" },
      campaigns: null,
      applications: { byStatus: {}, recent: [] },
      money: { balanceCents: 0, paidCents: 0, refundedCents: 0, payouts: [] },
      flags: { maybeFake: false },
      canImpersonate: true,
    });
    expect(page.logins.sessions).toHaveLength(1);
    expect(await callFailure(caller.admin.console.users.get({ id: 999_999 }))).toMatchObject({ reason: "not_found" });
  });

  it("impersonates with a reason, kept in the audit log, for 30 minutes; never an admin, never without a reason", async () => {
    const set: { token: string; expiresAt: Date }[] = [];
    const cookie: SessionCookie = { set: (token, expiresAt) => set.push({ token, expiresAt }), clear: () => {} };
    const { admin, caller } = await adminCaller(cookie);
    const influencer = await createInfluencer(db);

    expect(
      await callFailure(caller.admin.console.users.impersonate({ userId: influencer.id, reason: " " })),
    ).toMatchObject({ reason: "invalid" });
    const other = await createAdminUser(db);
    expect(
      await callFailure(caller.admin.console.users.impersonate({ userId: other.id, reason: "Looking around" })),
    ).toMatchObject({ reason: "conflict" });

    await caller.admin.console.users.impersonate({ userId: influencer.id, reason: "Support ticket 42" });
    expect(set).toHaveLength(1);
    expect(set[0]?.expiresAt).toEqual(new Date(clock.now().getTime() + 30 * 60 * 1000));
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.adminId, admin.id));
    expect(audit).toMatchObject([
      {
        action: "impersonate",
        impersonatedUserId: influencer.id,
        reason: "Support ticket 42",
        targetId: String(influencer.id),
      },
    ]);
    // The acting session's me says when it ends.
    const acting = await callerFor(db, { userId: influencer.id, impersonatorId: admin.id }, clock);
    expect((await acting.account.me()).user?.impersonationEndsAt).toBe("2026-11-01T10:30:00.000Z");
  });
});
