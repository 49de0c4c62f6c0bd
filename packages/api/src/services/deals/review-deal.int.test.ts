import { adminAuditLog, type Db, deals, eq } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import {
  applyTo,
  callerFor,
  callFailure,
  campaignBody,
  createAdminUser,
  createBrand,
  createInfluencer,
} from "../../testing";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** A fresh campaign in the given review state, and an admin impersonating some influencer. */
async function setup(reviewStatus: "NONE" | "OK" | "KO") {
  const brand = await createBrand(db);
  const { id } = await (await callerFor(db, { userId: brand.id }, clock)).deals.create(campaignBody(clock));
  await db.update(deals).set({ reviewStatus }).where(eq(deals.id, id));
  const admin = await createAdminUser(db);
  const impersonated = await createInfluencer(db);
  const asAdmin = await callerFor(db, { userId: impersonated.id, impersonatorId: admin.id }, clock);
  return { id, brand, admin, impersonated, asAdmin };
}

const auditOf = (dealId: number) =>
  db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, String(dealId)))
    .orderBy(adminAuditLog.id);

describe("admin.reviewDeal", () => {
  it.each([
    ["NONE", "OK"],
    ["KO", "OK"],
    ["NONE", "KO"],
    ["OK", "KO"],
  ] as const)("moves a deal from %s to %s, audited, and answers the deal", async (from, decision) => {
    const { id, admin, impersonated, asAdmin } = await setup(from);
    const view = await asAdmin.admin.reviewDeal({ id, decision });
    expect(view).toMatchObject({ id, reviewStatus: decision, badReview: decision !== "OK" });
    const [row] = await db.select().from(deals).where(eq(deals.id, id));
    expect(row?.reviewStatus).toBe(decision);
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        adminId: admin.id,
        impersonatedUserId: impersonated.id,
        action: "deal_review",
        targetType: "deal",
        targetId: String(id),
        details: { from, to: decision },
        createdAt: clock.now(),
      }),
    ]);
  });

  it("answers the deal as the impersonated influencer's page shows it, their own application included", async () => {
    const { id, brand, admin } = await setup("NONE");
    const applicant = await applyTo(db, { id, brandId: brand.id }, clock.now());
    const asApplicant = await callerFor(db, { userId: applicant.id, impersonatorId: admin.id }, clock);
    const view = await asApplicant.admin.reviewDeal({ id, decision: "OK" });
    expect(view.application).toMatchObject({ status: "WAITING" });
    expect(view).toEqual(await asApplicant.deals.get({ id }));
  });

  it.each(["OK", "KO"] as const)("refuses %s again as conflict, without an audit row", async (decision) => {
    const { id, asAdmin } = await setup(decision);
    expect(await callFailure(asAdmin.admin.reviewDeal({ id, decision }))).toMatchObject({
      code: "CONFLICT",
      reason: "conflict",
    });
    expect(await auditOf(id)).toEqual([]);
  });

  it("reviews back and forth, one audit row per change", async () => {
    const { id, asAdmin } = await setup("NONE");
    await asAdmin.admin.reviewDeal({ id, decision: "KO" });
    await asAdmin.admin.reviewDeal({ id, decision: "OK" });
    await asAdmin.admin.reviewDeal({ id, decision: "KO" });
    expect((await auditOf(id)).map((entry) => entry.details)).toEqual([
      { from: "NONE", to: "KO" },
      { from: "KO", to: "OK" },
      { from: "OK", to: "KO" },
    ]);
  });

  it("answers not_found for an unknown or deleted deal", async () => {
    const { id, brand, asAdmin } = await setup("NONE");
    await (await callerFor(db, { userId: brand.id }, clock)).deals.remove({ id });
    for (const dealId of [id, 2_000_000_000]) {
      expect(await callFailure(asAdmin.admin.reviewDeal({ id: dealId, decision: "OK" }))).toMatchObject({
        reason: "not_found",
      });
    }
  });

  it("is forbidden to anyone not impersonating, the owner brand and the admin as themselves included", async () => {
    const { id, brand, admin } = await setup("NONE");
    const visitor = await callerFor(db, null, clock);
    expect(await callFailure(visitor.admin.reviewDeal({ id, decision: "OK" }))).toMatchObject({
      reason: "unauthorized",
    });
    for (const userId of [brand.id, admin.id, (await createInfluencer(db)).id]) {
      const caller = await callerFor(db, { userId }, clock);
      expect(await callFailure(caller.admin.reviewDeal({ id, decision: "OK" }))).toMatchObject({
        code: "FORBIDDEN",
        reason: "forbidden",
      });
    }
    const [row] = await db.select().from(deals).where(eq(deals.id, id));
    expect(row?.reviewStatus).toBe("NONE");
    expect(await auditOf(id)).toEqual([]);
  });

  it("refuses a decision other than OK or KO", async () => {
    const { id, asAdmin } = await setup("OK");
    expect(await callFailure(asAdmin.admin.reviewDeal({ id, decision: "NONE" as unknown as "OK" }))).toMatchObject({
      reason: "invalid",
    });
  });
});
