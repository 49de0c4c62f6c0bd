import { adminAuditLog, and, type Db, desc, eq, influencerProfiles, notifications, outgoingMail } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import { callerFor, callFailure, createAdminUser, createBrand, createInfluencer } from "../../../testing";
import { memoryFileStore } from "../../files/memory-file-store";
import { readFile } from "../../files/read-file";
import { uploadAppealFile } from "../../influencers/flags/upload-appeal-file";

let testDb: TestDb;
let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const store = memoryFileStore();

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
});
afterAll(async () => {
  await testDb.close();
});

const asAdmin = async () => {
  const admin = await createAdminUser(db);
  return { admin, caller: await callerFor(db, { userId: admin.id }, clock, undefined, store) };
};
const asUser = (userId: number) => callerFor(db, { userId }, clock, undefined, store);

const lastNotification = async (userId: number) => {
  const [row] = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  return row;
};
const mailsTo = (email: string) => db.select().from(outgoingMail).where(eq(outgoingMail.to, email));
const auditOf = (influencerId: number, action: string) =>
  db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, String(influencerId))));
const maybeFake = async (influencerId: number) =>
  (await db.select().from(influencerProfiles).where(eq(influencerProfiles.userId, influencerId)))[0]?.maybeFake;

/** A text file uploaded for the influencer's appeal, as POST /api/account/flag/files stores it. */
const upload = (influencer: { id: number; username: string }, name = "insights.csv") =>
  uploadAppealFile(
    { db, clock, files: store },
    {
      sessionId: "test",
      userId: influencer.id,
      kind: "influencer",
      username: influencer.username,
      impersonatorId: null,
    },
    { bytes: new TextEncoder().encode("day,followers\nmon,100\n"), name },
  );

describe("flags with reasons and an appeal (issue 36, point 5)", () => {
  it("flags from the console with a reason: FAKE, notified, mailed, audited; a second flag is a conflict", async () => {
    const { admin, caller } = await asAdmin();
    const influencer = await createInfluencer(db);
    const result = await caller.admin.console.flags.flag({
      influencer: influencer.username.toUpperCase(),
      reason: "engagement_pods",
      note: "Same 30 likers on every post.",
    });
    expect(result).toMatchObject({ influencerId: influencer.id, status: "FAKE" });
    expect(await maybeFake(influencer.id)).toBe(true);
    const note = await lastNotification(influencer.id);
    expect(note).toMatchObject({ type: "flagged" });
    expect(note?.text).toContain("Engagement pods or bought engagement: Same 30 likers on every post");
    const mails = await mailsTo(influencer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Same 30 likers on every post");
    expect(await auditOf(influencer.id, "influencer_flag")).toEqual([
      expect.objectContaining({
        adminId: admin.id,
        impersonatedUserId: null,
        targetType: "influencer",
        reason: "Engagement pods or bought engagement: Same 30 likers on every post.",
      }),
    ]);
    expect(
      await callFailure(caller.admin.console.flags.flag({ influencer: influencer.id, reason: "other" })),
    ).toMatchObject({ reason: "conflict" });
    expect(
      await callFailure(caller.admin.console.flags.flag({ influencer: "nobody_here", reason: "other" })),
    ).toMatchObject({ reason: "not_found" });
    expect(
      await callFailure(caller.admin.console.flags.flag({ influencer: influencer.id, reason: "bad" as "other" })),
    ).toMatchObject({ reason: "invalid" });
  });

  it("lets the influencer read the reason and appeal once with files, which only they and admins may read", async () => {
    const { caller: admin } = await asAdmin();
    const influencer = await createInfluencer(db);
    const other = await createInfluencer(db);
    const brand = await createBrand(db);
    const { flagId } = await admin.admin.console.flags.flag({ influencer: influencer.id, reason: "fake_followers" });
    const me = await asUser(influencer.id);
    expect(await me.account.flag()).toMatchObject({
      id: flagId,
      reason: "fake_followers",
      standing: true,
      canAppeal: true,
      appeal: null,
    });
    const file = await upload(influencer);
    const appealed = await me.account.appealFlag({ text: "My followers are real people.", fileIds: [file.id] });
    expect(appealed).toMatchObject({ canAppeal: false, appeal: { text: "My followers are real people." } });
    expect(appealed.appeal?.files).toEqual([expect.objectContaining({ id: file.id, name: "insights.csv" })]);

    // Once: a second appeal, and a file for it, are refused with a reason.
    expect(await callFailure(me.account.appealFlag({ text: "Once more, they are real." }))).toMatchObject({
      reason: "conflict",
    });
    await expect(upload(influencer)).rejects.toMatchObject({ reason: "conflict" });
    // Someone else's appeal: nothing to appeal.
    expect(
      await callFailure((await asUser(other.id)).account.appealFlag({ text: "Not flagged at all." })),
    ).toMatchObject({ reason: "not_found" });
    // The appeal's file: its influencer and admins read it; the brand and a visitor are told it does not exist.
    const adminId = (await createAdminUser(db)).id;
    expect((await readFile({ db, files: store }, influencer.id, file.id)).originalName).toBe("insights.csv");
    expect((await readFile({ db, files: store }, adminId, file.id)).purpose).toBe("appeal_file");
    await expect(readFile({ db, files: store }, brand.id, file.id)).rejects.toMatchObject({ reason: "not_found" });
    await expect(readFile({ db, files: store }, null, file.id)).rejects.toMatchObject({ reason: "not_found" });

    const queue = await admin.admin.console.flags.list({ tab: "appeals" });
    expect(queue.rows.map((row) => row.id)).toContain(flagId);
    const detail = await admin.admin.console.flags.get({ flagId });
    expect(detail.appeal?.files.map((f) => f.id)).toEqual([file.id]);
  });

  it("refuses another influencer's file in an appeal", async () => {
    const { caller: admin } = await asAdmin();
    const influencer = await createInfluencer(db);
    const thief = await createInfluencer(db);
    await admin.admin.console.flags.flag({ influencer: influencer.id, reason: "other" });
    await admin.admin.console.flags.flag({ influencer: thief.id, reason: "other" });
    const file = await upload(influencer);
    expect(
      await callFailure(
        (await asUser(thief.id)).account.appealFlag({ text: "Look at these numbers.", fileIds: [file.id] }),
      ),
    ).toMatchObject({ reason: "invalid" });
  });

  it("lifts the flag on appeal: GOOD again, told to the influencer, audited, out of both queues", async () => {
    const { admin, caller } = await asAdmin();
    const influencer = await createInfluencer(db);
    const { flagId } = await caller.admin.console.flags.flag({ influencer: influencer.id, reason: "misleading_stats" });
    await (await asUser(influencer.id)).account.appealFlag({ text: "The statistics come from the network itself." });
    const decided = await caller.admin.console.flags.decide({ flagId, decision: "lift", reason: "Insights match." });
    expect(decided).toMatchObject({ standing: false, decision: { decision: "lift", reason: "Insights match." } });
    expect(await maybeFake(influencer.id)).toBe(false);
    expect((await lastNotification(influencer.id))?.text).toBe(
      "Your appeal was accepted: the flag is lifted and brands no longer see a warning. Reason: Insights match.",
    );
    expect((await mailsTo(influencer.email)).map((mail) => mail.subject)).toContain("Your appeal was decided");
    expect(await (await asUser(influencer.id)).account.flag()).toMatchObject({
      standing: false,
      canAppeal: false,
      decision: { decision: "lift", reason: "Insights match." },
    });
    expect(await auditOf(influencer.id, "flag_appeal")).toEqual([
      expect.objectContaining({
        adminId: admin.id,
        reason: "Insights match.",
        details: expect.objectContaining({ decision: "lift" }),
      }),
    ]);
    const appeals = await caller.admin.console.flags.list({ tab: "appeals" });
    const flagged = await caller.admin.console.flags.list({ tab: "flagged" });
    expect(appeals.rows.map((row) => row.id)).not.toContain(flagId);
    expect(flagged.rows.map((row) => row.id)).not.toContain(flagId);
    // Decided once: a second decision is a conflict.
    expect(
      await callFailure(caller.admin.console.flags.decide({ flagId, decision: "uphold", reason: "Changed my mind." })),
    ).toMatchObject({ reason: "conflict" });
  });

  it("upholds the flag on appeal: FAKE stays, the influencer reads why and may not appeal again", async () => {
    const { caller } = await asAdmin();
    const influencer = await createInfluencer(db);
    const { flagId } = await caller.admin.console.flags.flag({ influencer: influencer.id, reason: "impersonation" });
    await (await asUser(influencer.id)).account.appealFlag({ text: "This picture is mine, I swear it." });
    await caller.admin.console.flags.decide({ flagId, decision: "uphold", reason: "Reverse search finds the owner." });
    expect(await maybeFake(influencer.id)).toBe(true);
    expect(await (await asUser(influencer.id)).account.flag()).toMatchObject({
      standing: true,
      canAppeal: false,
      decision: { decision: "uphold", reason: "Reverse search finds the owner." },
    });
    expect((await lastNotification(influencer.id))?.type).toBe("appeal_decided");
    expect(
      await callFailure(caller.admin.console.flags.decide({ flagId, decision: "lift", reason: "x" })),
    ).toMatchObject({ reason: "invalid" });
  });

  it("pages each queue by keyset, oldest first, and the flagged tab newest first on asking", async () => {
    const { caller } = await asAdmin();
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      const influencer = await createInfluencer(db);
      const at = fixedClock(new Date(Date.UTC(2026, 5, 2, 12, 0, i)));
      const adminCaller = await callerFor(db, { userId: (await createAdminUser(db)).id }, at, undefined, store);
      made.push((await adminCaller.admin.console.flags.flag({ influencer: influencer.id, reason: "other" })).flagId);
    }
    const newest = await caller.admin.console.flags.list({ tab: "flagged", order: "newest" });
    expect(newest.rows.slice(0, 3).map((row) => row.id)).toEqual([...made].reverse());
    const oldest = await caller.admin.console.flags.list({ tab: "flagged" });
    const ids = oldest.rows.map((row) => row.id);
    expect(ids.indexOf(made[0] ?? 0)).toBeLessThan(ids.indexOf(made[2] ?? 0));
    expect(await callFailure(caller.admin.console.flags.list({ tab: "flagged", cursor: "12.x" }))).toMatchObject({
      reason: "invalid",
    });
  });

  it("keeps the impersonating admin's KO working, with or without a reason, and OK lifting the flag", async () => {
    const admin = await createAdminUser(db);
    const brand = await createBrand(db);
    const influencer = await createInfluencer(db);
    const acting = await callerFor(db, { userId: brand.id, impersonatorId: admin.id }, clock, undefined, store);
    await acting.admin.flagInfluencer({ id: influencer.id, decision: "KO" });
    expect(await (await asUser(influencer.id)).account.flag()).toMatchObject({ reason: "other", note: "" });
    await acting.admin.flagInfluencer({ id: influencer.id, decision: "OK" });
    expect(await maybeFake(influencer.id)).toBe(false);
    expect(await (await asUser(influencer.id)).account.flag()).toBeNull();
    await acting.admin.flagInfluencer({ id: influencer.id, decision: "KO", reason: "fake_followers", note: "Bought." });
    expect(await (await asUser(influencer.id)).account.flag()).toMatchObject({
      reason: "fake_followers",
      note: "Bought.",
      canAppeal: true,
    });
    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, String(influencer.id)))
      .orderBy(desc(adminAuditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ impersonatedUserId: brand.id, reason: "Fake or bought followers: Bought." });
  });
});
