import { adminAuditLog, type Db, deals, desc, eq, notifications, outgoingMail } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import { callerFor, callFailure, campaignBody, createAdminUser, createBrand } from "../../../testing";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const REASON = "The link leads to a page that does not exist.";

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

async function setup() {
  const brand = await createBrand(db, { brandName: "Glow Studio" });
  const asBrand = await callerFor(db, { userId: brand.id }, clock);
  const { id } = await asBrand.deals.create(campaignBody(clock, { title: "Summer glow" }));
  const admin = await createAdminUser(db);
  const asAdmin = await callerFor(db, { userId: admin.id }, clock);
  return { id, brand, asBrand, admin, asAdmin };
}

describe("admin.console.deals.review", () => {
  it("rejects with a reason the brand reads on the campaign, in a notification and by mail; audited with it", async () => {
    const { id, brand, asBrand, admin, asAdmin } = await setup();
    expect(await asAdmin.admin.console.deals.review({ id, decision: "KO", reason: `  ${REASON} ` })).toEqual({
      id,
      decision: "KO",
    });

    expect(await asBrand.deals.get({ id })).toMatchObject({ reviewStatus: "KO", reviewReason: REASON });
    const [note] = await db.select().from(notifications).where(eq(notifications.userId, brand.id));
    expect(note).toMatchObject({ type: "deal_review", dealId: id, text: REASON });
    // Mailed at once, so the digest does not tell it again.
    expect(note?.mailedAt).toEqual(clock.now());
    const [mail] = await db.select().from(outgoingMail).orderBy(desc(outgoingMail.id)).limit(1);
    expect(mail).toMatchObject({ to: brand.email, subject: 'Your campaign "Summer glow" was rejected' });
    expect(mail?.text).toContain(REASON);
    expect(mail?.text).toContain(`/campaigns/${id}`);
    const [entry] = await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, String(id)));
    expect(entry).toMatchObject({
      adminId: admin.id,
      impersonatedUserId: null,
      action: "deal_review",
      targetType: "deal",
      reason: REASON,
      details: { from: "NONE", to: "KO" },
    });

    // Approved later: the reason goes from the campaign.
    await asAdmin.admin.console.deals.review({ id, decision: "OK" });
    expect(await asBrand.deals.get({ id })).toMatchObject({ reviewStatus: "OK", reviewReason: null });
    const [row] = await db.select({ reason: deals.reviewReason }).from(deals).where(eq(deals.id, id));
    expect(row?.reason).toBeNull();
  });

  it("refuses a rejection without a reason (invalid, nothing written) and a decision the deal has (conflict)", async () => {
    const { id, asAdmin } = await setup();
    for (const reason of [undefined, "  ", "no"]) {
      expect(
        await callFailure(asAdmin.admin.console.deals.review({ id, decision: "KO", reason } as never)),
      ).toMatchObject({ code: "BAD_REQUEST" });
    }
    expect(
      await db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetId, String(id))),
    ).toEqual([]);
    await asAdmin.admin.console.deals.review({ id, decision: "OK" });
    expect(await callFailure(asAdmin.admin.console.deals.review({ id, decision: "OK" }))).toMatchObject({
      code: "CONFLICT",
    });
  });
});

describe("admin.console.deals.queue", () => {
  it("lists live deals awaiting review oldest first, keyset-paged, filtered by brand and category", async () => {
    const brand = await createBrand(db, { brandName: "Queue Corp" });
    const asBrand = await callerFor(db, { userId: brand.id }, clock);
    const admin = await createAdminUser(db);
    const asAdmin = await callerFor(db, { userId: admin.id }, clock);
    const ids: number[] = [];
    for (let i = 0; i < 53; i += 1) {
      const { id } = await asBrand.deals.create(campaignBody(clock, { title: `Deal ${i}`, category: "sports" }));
      ids.push(id);
    }
    // A reviewed one and a deleted one leave the queue.
    await db
      .update(deals)
      .set({ reviewStatus: "OK" })
      .where(eq(deals.id, ids[1] ?? 0));
    await db
      .update(deals)
      .set({ deletedAt: clock.now() })
      .where(eq(deals.id, ids[2] ?? 0));
    const waiting = ids.filter((_, index) => index !== 1 && index !== 2);

    const first = await asAdmin.admin.console.deals.queue({ brand: "queue corp" });
    expect(first.deals).toHaveLength(50);
    expect(first.deals[0]).toMatchObject({ id: waiting[0], brand: { id: brand.id, name: "Queue Corp" } });
    const second = await asAdmin.admin.console.deals.queue({ brand: "queue corp", cursor: first.nextCursor ?? "" });
    expect([...first.deals, ...second.deals].map((deal) => deal.id)).toEqual(waiting);
    expect(second.nextCursor).toBeNull();

    expect((await asAdmin.admin.console.deals.queue({ brand: "queue corp", category: "beauty" })).deals).toEqual([]);
    expect((await asAdmin.admin.console.deals.queue({ brand: "no such brand" })).deals).toEqual([]);
    expect(await callFailure(asAdmin.admin.console.deals.queue({ cursor: "abc" }))).toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
