import { DAY_MS, MINUTE_MS, type NotificationType, RELEASE_WINDOW_MS, sandboxDeliverables } from "@market/contracts";
import { and, chatMessages, type Db, deals, eq, notifications } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import {
  influencerWithBalance,
  paidApplication,
  paypalPayout,
  pngBytes,
  SAMPLE_FEEDBACK,
  SAMPLE_REVIEW,
  waitingApplication,
} from "../../testing";
import { sweepExpiredProposals } from "../applications/lifecycle/expire-sweep";
import { sweepDueReleases } from "../applications/lifecycle/release-sweep";
import { sendChatFile } from "../chat/send-file";
import { memoryFileStore } from "../files/memory-file-store";
import { markPayoutFailed, markPayoutPaid } from "../payouts/settle";

/**
 * Every event that exists writes its notification (issue 16): who gets it, of which type, about which application
 * and deal, from whom (null: the platform). One test per event, through the real services.
 */
let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** The notifications of `type` about the application (or, with no application, to the user). */
const notesOf = (type: NotificationType, where: { applicationId?: number; userId?: number }) =>
  db
    .select({
      userId: notifications.userId,
      applicationId: notifications.applicationId,
      dealId: notifications.dealId,
      senderId: notifications.senderId,
      text: notifications.text,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.type, type),
        where.applicationId === undefined ? undefined : eq(notifications.applicationId, where.applicationId),
        where.userId === undefined ? undefined : eq(notifications.userId, where.userId),
      ),
    );

type App = Awaited<ReturnType<typeof waitingApplication>>;
/** The one notification row of `type` on the application, to `to` from `from`. */
const note = (app: App, to: number, from: number | null) => ({
  userId: to,
  applicationId: app.id,
  dealId: app.dealId,
  senderId: from,
});
const expectNotes = async (app: App, type: NotificationType, rows: ReturnType<typeof note>[]) =>
  expect((await notesOf(type, { applicationId: app.id })).map(({ text: _, ...row }) => row)).toEqual(rows);

describe("every event notifies", () => {
  it("a new proposal: the brand, from the influencer", async () => {
    const app = await waitingApplication(db, clock);
    await expectNotes(app, "application", [note(app, app.brand.id, app.influencer.id)]);
  });

  it("a proposal updated: the brand, from the influencer", async () => {
    const app = await waitingApplication(db, clock);
    await app.callers.influencer.applications.update({
      id: app.id,
      expiration: new Date(clock.now().getTime() + 30 * DAY_MS),
      prices: [{ networkId: app.instagram, price: 1100, creationDays: 5 }],
    });
    await expectNotes(app, "application_update", [note(app, app.brand.id, app.influencer.id)]);
  });

  it("a change request: the influencer, from the brand", async () => {
    const app = await waitingApplication(db, clock);
    await app.callers.brand.applications.requestChanges({ id: app.id, prices: [{ network: "instagram", price: 900 }] });
    await expectNotes(app, "change_request", [note(app, app.influencer.id, app.brand.id)]);
  });

  it("a decline: the influencer, from the brand", async () => {
    const app = await waitingApplication(db, clock);
    await app.callers.brand.applications.decline({ id: app.id, reason: "PRICE_TOO_HIGH" });
    await expectNotes(app, "declined", [note(app, app.influencer.id, app.brand.id)]);
  });

  it("an expiry: the influencer, from the platform", async () => {
    const app = await waitingApplication(db, clock, { expiresInDays: 1 });
    await sweepExpiredProposals(db, new Date(clock.now().getTime() + 2 * DAY_MS));
    await expectNotes(app, "declined", [note(app, app.influencer.id, null)]);
  });

  it("a payment: the influencer, from the brand", async () => {
    const app = await paidApplication(db, clock);
    await expectNotes(app, "payment", [note(app, app.influencer.id, app.brand.id)]);
  });

  it("work done: the brand, from the influencer", async () => {
    const app = await paidApplication(db, clock);
    await app.callers.influencer.applications.workDone({
      id: app.id,
      deliverables: sandboxDeliverables(["instagram"]),
    });
    await expectNotes(app, "work_done", [note(app, app.brand.id, app.influencer.id)]);
  });

  it("work not done: the influencer, from the brand", async () => {
    const app = await paidApplication(db, clock);
    await app.callers.influencer.applications.workDone({
      id: app.id,
      deliverables: sandboxDeliverables(["instagram"]),
    });
    await app.callers.brand.applications.workNotDone({ id: app.id });
    await expectNotes(app, "work_not_done", [note(app, app.influencer.id, app.brand.id)]);
  });

  it("a release: the influencer, from the brand", async () => {
    const app = await paidApplication(db, clock);
    await app.callers.brand.applications.release({ id: app.id });
    await expectNotes(app, "money_released", [note(app, app.influencer.id, app.brand.id)]);
  });

  it("an automatic release: both parties, from the platform", async () => {
    const app = await paidApplication(db, clock);
    await app.callers.influencer.applications.workDone({
      id: app.id,
      deliverables: sandboxDeliverables(["instagram"]),
    });
    await sweepDueReleases(db, new Date(clock.now().getTime() + RELEASE_WINDOW_MS + MINUTE_MS));
    await expectNotes(app, "money_released", [note(app, app.influencer.id, null), note(app, app.brand.id, null)]);
  });

  it("a refund: both parties, from the platform", async () => {
    const app = await paidApplication(db, clock);
    await app.callers.adminAsBrand.admin.refund({ id: app.id });
    await expectNotes(app, "refund", [note(app, app.brand.id, null), note(app, app.influencer.id, null)]);
  });

  it("an invitation: the influencer, from the brand, about the campaign", async () => {
    const app = await waitingApplication(db, clock);
    await db.update(deals).set({ reviewStatus: "OK" }).where(eq(deals.id, app.dealId));
    await app.callers.brand.influencers.invite({ id: app.influencer.id, campaigns: [app.dealId] });
    const rows = await notesOf("invitation", { userId: app.influencer.id });
    expect(rows.map(({ text: _, ...row }) => row)).toEqual([
      { userId: app.influencer.id, applicationId: null, dealId: app.dealId, senderId: app.brand.id },
    ]);
  });

  it("a chat message: the other party, from the writer, with its text", async () => {
    const app = await waitingApplication(db, clock);
    await app.callers.brand.chat.send({ id: app.id, text: "Can you add a story?" });
    const rows = await notesOf("message", { applicationId: app.id });
    expect(rows).toEqual([{ ...note(app, app.influencer.id, app.brand.id), text: "Can you add a story?" }]);
  });

  it("a chat file: the other party, from the sender, with the file", async () => {
    const app = await waitingApplication(db, clock);
    const viewer = {
      sessionId: "s",
      userId: app.influencer.id,
      kind: "influencer" as const,
      username: app.influencer.username,
      impersonatorId: null,
    };
    const sent = await sendChatFile({ db, clock, files: memoryFileStore() }, viewer, app.id, {
      name: "draft.png",
      bytes: pngBytes(),
    });
    const [row] = await db
      .select({ userId: notifications.userId, senderId: notifications.senderId, fileId: notifications.fileId })
      .from(notifications)
      .where(and(eq(notifications.applicationId, app.id), eq(notifications.type, "message")));
    if (sent.type !== "file" || !sent.file) throw new Error("no file message");
    expect(row).toEqual({ userId: app.brand.id, senderId: app.influencer.id, fileId: sent.file.id });
  });

  it("a payout paid, and one failed: the influencer, from the platform, saying how much and where", async () => {
    const { user, caller } = await influencerWithBalance(db, clock, 10_000);
    const paid = await caller.earnings.requestPayout(paypalPayout(2_500));
    const failed = await caller.earnings.requestPayout(paypalPayout(3_000));
    await db.transaction((tx) => markPayoutPaid(tx, paid.payout.id, clock.now()));
    await db.transaction((tx) =>
      markPayoutFailed(tx, failed.payout.id, { reason: "rejected", message: null }, clock.now()),
    );
    const payoutNote = (text: string) => ({ userId: user.id, applicationId: null, dealId: null, senderId: null, text });
    expect(await notesOf("payout_paid", { userId: user.id })).toEqual([
      payoutNote("Your $25.00 payout by PayPal to me@example.com was paid."),
    ]);
    expect(await notesOf("payout_failed", { userId: user.id })).toEqual([
      payoutNote(
        "Your $30.00 payout by PayPal to me@example.com failed: the payment provider refused it. The money is back in your balance; you can retry it from your earnings.",
      ),
    ]);
  });

  it("a deal reviewed: the deal's brand, from the platform, about the campaign", async () => {
    const app = await waitingApplication(db, clock);
    await app.callers.adminAsInfluencer.admin.reviewDeal({ id: app.dealId, decision: "KO" });
    const rows = await notesOf("deal_review", { userId: app.brand.id });
    expect(rows.map(({ text: _, ...row }) => row)).toEqual([
      { userId: app.brand.id, applicationId: null, dealId: app.dealId, senderId: null },
    ]);
  });

  it("a request for arbitration: the other party, from the asker", async () => {
    const app = await waitingApplication(db, clock);
    await app.callers.influencer.chat.requestArbitration({ id: app.id, text: "The brand stopped answering." });
    await expectNotes(app, "arbitration", [note(app, app.brand.id, app.influencer.id)]);
  });

  it("a request for arbitration by the brand: the influencer, from the brand (the table's other party)", async () => {
    const app = await waitingApplication(db, clock);
    await app.callers.brand.chat.requestArbitration({ id: app.id, text: "No answer for a week." });
    await expectNotes(app, "arbitration", [note(app, app.influencer.id, app.brand.id)]);
  });

  it("a closed case: both parties, from the platform", async () => {
    const app = await paidApplication(db, clock);
    await app.callers.influencer.chat.requestArbitration({ id: app.id, text: "The brand stopped answering." });
    await app.callers.adminAsBrand.admin.closeCase({ id: app.id });
    await expectNotes(app, "case_closed", [note(app, app.brand.id, null), note(app, app.influencer.id, null)]);
  });

  it("feedback: the influencer, from the brand, when the brand's feedback completes the pair (issue 40)", async () => {
    const app = await paidApplication(db, clock);
    await app.callers.brand.applications.release({ id: app.id });
    // The feedback opens over 7 days after the release: the release line is moved back rather than the clock.
    await db
      .update(chatMessages)
      .set({ createdAt: new Date(clock.now().getTime() - 8 * DAY_MS) })
      .where(and(eq(chatMessages.applicationId, app.id), eq(chatMessages.type, "money_released")));
    // Double blind: the influencer's review written first, the brand's feedback publishes both and tells them.
    await app.callers.influencer.applications.writeReview({ id: app.id, ...SAMPLE_REVIEW });
    await app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK });
    await expectNotes(app, "feedback", [note(app, app.influencer.id, app.brand.id)]);
  });
});
