import { CONSOLE_PAGE_SIZE } from "@market/contracts";
import { adminAuditLog, eq, sql, users } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import { callerFor, type TestCaller } from "../../../testing/caller";
import { createBrand, createInfluencer } from "../../../testing/fixtures";
import { auditAdminAction } from "../../admin/audit";
import { csvRecords } from "../../earnings/testing/read-csv";
import { AUDIT_CSV_MAX_ROWS } from "./audit-csv";

let testDb: TestDb;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
let admin: { id: number; username: string };
let other: { id: number; username: string };
let influencer: { id: number; username: string };
let console: TestCaller;

const at = (minutes: number) => new Date(Date.parse("2026-05-01T00:00:00Z") + minutes * 60_000);

beforeAll(async () => {
  testDb = await createTestDb();
  const db = testDb.db;
  admin = await createBrand(db, { username: "ops_anna" });
  other = await createBrand(db, { username: "ops_ben" });
  await db.update(users).set({ isAdmin: true }).where(sql`${users.id} in (${admin.id}, ${other.id})`);
  influencer = await createInfluencer(db, { username: "mira" });
  // 120 rows a minute apart: Anna's refunds and Ben's impersonations of Mira, two rows at one instant.
  for (let minute = 0; minute < 120; minute++) {
    await auditAdminAction(db, {
      adminId: minute % 2 === 0 ? admin.id : other.id,
      impersonatedUserId: minute % 2 === 0 ? null : influencer.id,
      action: minute % 2 === 0 ? "refund" : "impersonate",
      targetType: minute % 2 === 0 ? "application" : "user",
      targetId: minute % 2 === 0 ? 1000 + minute : influencer.id,
      reason: minute % 2 === 0 ? `=refund ${minute}` : null,
      details: minute % 2 === 0 ? { amountCents: minute } : null,
      at: at(minute === 119 ? 118 : minute),
    });
  }
  console = await callerFor(db, { userId: admin.id }, clock);
});
afterAll(() => testDb?.close());

describe("the console's audit view (issue 36, point 6)", () => {
  it("pages every row newest first by keyset, ties at one instant by id, none twice, none lost", async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await console.admin.console.audit.list({ cursor });
      expect(page.entries.length).toBeLessThanOrEqual(CONSOLE_PAGE_SIZE);
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    const rows = await testDb.db
      .select({ id: adminAuditLog.id })
      .from(adminAuditLog)
      .orderBy(sql`created_at desc, id desc`);
    expect(seen).toEqual(rows.map((row) => row.id));
  });

  it("answers who, acting as whom, what, on which object, when and why", async () => {
    const [newest] = (await console.admin.console.audit.list({ action: "impersonate" })).entries;
    expect(newest).toMatchObject({
      action: "impersonate",
      admin: { id: other.id, username: "ops_ben" },
      actingAs: { id: influencer.id, username: "mira" },
      targetType: "user",
      targetId: String(influencer.id),
      reason: null,
      at: at(118).toISOString(),
    });
    const [refund] = (await console.admin.console.audit.list({ action: "refund" })).entries;
    expect(refund).toMatchObject({ admin: { username: "ops_anna" }, actingAs: null, reason: "=refund 118" });
    expect(refund?.details).toEqual({ amountCents: 118 });
  });

  it("filters by action, admin, user, object and dates, each alone and together", async () => {
    const all = async (input: Parameters<TestCaller["admin"]["console"]["audit"]["list"]>[0]) => {
      const entries = [];
      let cursor: string | undefined;
      do {
        const page = await console.admin.console.audit.list({ ...input, cursor });
        entries.push(...page.entries);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return entries;
    };
    expect(await all({ action: "refund" })).toHaveLength(60);
    expect((await all({ adminId: other.id })).every((entry) => entry.admin.id === other.id)).toBe(true);
    expect(await all({ userId: influencer.id })).toHaveLength(60);
    expect(await all({ targetType: "application", targetId: "1010" })).toEqual([
      expect.objectContaining({ reason: "=refund 10" }),
    ]);
    const window = await all({ from: at(10), to: at(20) });
    expect(window.map((entry) => entry.at)).toEqual(Array.from({ length: 10 }, (_, i) => at(19 - i).toISOString()));
    expect(await all({ action: "refund", adminId: other.id })).toEqual([]);
  });

  it("refuses a cursor it did not make and an unknown filter's value", async () => {
    await expect(console.admin.console.audit.list({ cursor: "yesterday" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(console.admin.console.audit.list({ action: "DROP TABLE" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("exports the filtered rows as CSV, newest first, formulas kept as text", async () => {
    const { filename, csv } = await console.admin.console.audit.csv({ action: "refund", to: at(4) });
    expect(filename).toBe("audit-2026-06-01.csv");
    expect(csvRecords(csv)).toEqual([
      expect.objectContaining({ action: "refund", admin: "ops_anna", object_id: "1002", reason: "'=refund 2" }),
      expect.objectContaining({ action: "refund", object_id: "1000", details: '{"amountCents":0}' }),
    ]);
    expect(AUDIT_CSV_MAX_ROWS).toBe(100_000);
  });

  it("keeps every record as written: the database refuses an update or a delete", async () => {
    const [row] = await testDb.db.select().from(adminAuditLog).limit(1);
    if (!row) throw new Error("no audit row");
    // Drizzle wraps the database's error: its cause carries the trigger's message.
    const refusal = { cause: expect.objectContaining({ message: "admin_audit_log is append-only" }) };
    await expect(
      testDb.db.update(adminAuditLog).set({ reason: "rewritten" }).where(eq(adminAuditLog.id, row.id)),
    ).rejects.toMatchObject(refusal);
    await expect(testDb.db.delete(adminAuditLog).where(eq(adminAuditLog.id, row.id))).rejects.toMatchObject(refusal);
    const [after] = await testDb.db.select().from(adminAuditLog).where(eq(adminAuditLog.id, row.id));
    expect(after).toEqual(row);
  });

  it("lets the foreign key forget a deleted user, the one change the log allows", async () => {
    const gone = await createInfluencer(testDb.db, { username: "gone_soon" });
    await auditAdminAction(testDb.db, {
      adminId: admin.id,
      impersonatedUserId: gone.id,
      action: "impersonate",
      targetType: "user",
      targetId: gone.id,
      reason: "checking a report",
      at: clock.now(),
    });
    await testDb.db.delete(users).where(eq(users.id, gone.id));
    const [row] = await testDb.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, String(gone.id)));
    expect(row).toMatchObject({ impersonatedUserId: null, reason: "checking a report", action: "impersonate" });
  });

  it("is the console's only: an admin acting as a user is refused until they stop", async () => {
    const acting = await callerFor(testDb.db, { userId: influencer.id, impersonatorId: admin.id }, clock);
    await expect(acting.admin.console.audit.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    const brand = await callerFor(testDb.db, { userId: (await createBrand(testDb.db)).id }, clock);
    await expect(brand.admin.console.audit.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
