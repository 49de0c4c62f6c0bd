import { NOTIFICATION_MAIL_DELAY_MS, type NotificationSeenChange } from "@market/contracts";
import { and, channelListenerOf, type Db, eq, isNull, notifications } from "@market/db";
import { createTestDb, statementCounter, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fixedClock, systemClock } from "../../clock";
import { callFailure, waitingApplication } from "../../testing";
import { createSession, validateSessionToken } from "../auth/sessions";
import type { MailMessage } from "../mail/mailer";
import { NOTIFICATIONS_SEEN_CHANNEL } from "./channels";
import { createNotificationHub, type NotificationHub } from "./hub";
import { sweepNotificationMail } from "./mail/mail-sweep";
import { notificationsSeen, seeApplication } from "./mark-seen";
import { notify } from "./notify";
import { seenChanges } from "./seen-changes";

let testDb: TestDb;
let db: Db;
let hub: NotificationHub;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  hub = createNotificationHub({ db, clock: systemClock });
});
afterAll(async () => {
  await hub.close();
  await testDb.close();
});

/** A user's unseen notifications, as (type, application) pairs. */
const unseenOf = async (userId: number) =>
  (
    await db
      .select({ type: notifications.type, applicationId: notifications.applicationId })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.seenAt)))
      .orderBy(notifications.id)
  ).map((row) => `${row.type}:${row.applicationId ?? "-"}`);

/** Two applications to the same brand, the first with a message from its influencer as well as its proposal. */
async function twoApplications() {
  const first = await waitingApplication(db, clock);
  await first.callers.influencer.chat.send({ id: first.id, text: "Shall I start on Monday?" });
  const second = await waitingApplication(db, clock);
  await db.transaction((tx) =>
    notify(tx, [
      { userId: first.brand.id, type: "application", applicationId: second.id, dealId: second.dealId },
      { userId: first.brand.id, type: "news", text: "Spring news" },
    ]),
  );
  return { first, second };
}

describe("notifications.seeApplication", () => {
  it("marks the caller's notifications about that application seen, and no others", async () => {
    const { first, second } = await twoApplications();
    expect(await unseenOf(first.brand.id)).toEqual([
      `application:${first.id}`,
      `message:${first.id}`,
      `application:${second.id}`,
      "news:-",
    ]);

    expect(await first.callers.brand.notifications.seeApplication({ applicationId: first.id })).toEqual({
      marked: 2,
      unread: 2,
    });
    expect(await unseenOf(first.brand.id)).toEqual([`application:${second.id}`, "news:-"]);
    // Again: nothing left to mark.
    expect(await first.callers.brand.notifications.seeApplication({ applicationId: first.id })).toEqual({
      marked: 0,
      unread: 2,
    });
  });

  it("refuses a malformed application id as invalid, marking nothing", async () => {
    const application = await waitingApplication(db, clock);
    for (const applicationId of [0, -1, 1.5, "one", null]) {
      const call = application.callers.brand.notifications.seeApplication({ applicationId } as never);
      expect(await callFailure(call), String(applicationId)).toMatchObject({ code: "BAD_REQUEST", reason: "invalid" });
    }
    expect(await unseenOf(application.brand.id)).toEqual([`application:${application.id}`]);
  });

  it("lets the influencer mark theirs too, leaving the brand's alone", async () => {
    const application = await waitingApplication(db, clock);
    await application.callers.brand.chat.send({ id: application.id, text: "Welcome aboard" });
    expect(await unseenOf(application.influencer.id)).toEqual([`message:${application.id}`]);

    const seen = await application.callers.influencer.notifications.seeApplication({ applicationId: application.id });
    expect(seen).toEqual({ marked: 1, unread: 0 });
    expect(await unseenOf(application.brand.id)).toEqual([`application:${application.id}`]);
  });

  it("changes nothing for an admin acting as a party (spec section 6)", async () => {
    const { first } = await twoApplications();
    const before = await unseenOf(first.brand.id);
    expect(await first.callers.adminAsBrand.notifications.seeApplication({ applicationId: first.id })).toEqual({
      marked: 0,
      unread: 4,
    });
    expect(await unseenOf(first.brand.id)).toEqual(before);
  });

  it("answers not_found to anyone but the two parties, and unauthorized to a visitor", async () => {
    const application = await waitingApplication(db, clock);
    const input = { applicationId: application.id };
    expect(await callFailure(application.callers.otherBrand.notifications.seeApplication(input))).toMatchObject({
      code: "NOT_FOUND",
      reason: "not_found",
    });
    expect(await callFailure(application.callers.otherInfluencer.notifications.seeApplication(input))).toMatchObject({
      code: "NOT_FOUND",
      reason: "not_found",
    });
    expect(
      await callFailure(application.callers.brand.notifications.seeApplication({ applicationId: 2_000_000_000 })),
    ).toMatchObject({ code: "NOT_FOUND", reason: "not_found" });
    expect(await callFailure(application.callers.visitor.notifications.seeApplication(input))).toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(await unseenOf(application.brand.id)).toEqual([`application:${application.id}`]);
  });

  it("marks and counts the unread left in one statement (its NOTIFY in it, no transaction around it)", async () => {
    const { first, second } = await twoApplications();
    const counting = statementCounter(testDb.handle);
    const viewer = {
      sessionId: "s",
      userId: first.brand.id,
      kind: "brand",
      username: first.brand.username,
      impersonatorId: null,
    } as const;
    const transactions = vi.spyOn(counting.db, "transaction");
    let heard: (payload: string) => void = () => {};
    const payload = new Promise<string>((resolve) => {
      heard = resolve;
    });
    const unlisten = await channelListenerOf(db).listen(
      NOTIFICATIONS_SEEN_CHANNEL,
      (sent) => heard(sent),
      () => {},
    );
    expect(await seeApplication({ db: counting.db, clock }, viewer, { applicationId: first.id })).toEqual({
      marked: 2,
      unread: 2,
    });
    expect(counting.statements()).toBe(1);
    expect(transactions).not.toHaveBeenCalled();
    expect(await payload).toBe(String(first.brand.id));
    await unlisten();
    expect(await unseenOf(first.brand.id)).toEqual([`application:${second.id}`, "news:-"]);

    counting.reset();
    expect(await notificationsSeen({ db: counting.db, clock }, viewer, { ids: [1, 2, 3] })).toEqual({
      marked: 0,
      unread: 2,
    });
    expect(counting.statements()).toBe(1);
  });

  it("keeps a message read on the open application page out of the mail sweep", async () => {
    const application = await waitingApplication(db, clock);
    await application.callers.influencer.chat.send({ id: application.id, text: "Read live" });
    await application.callers.brand.notifications.seeApplication({ applicationId: application.id });
    await application.callers.influencer.chat.send({ id: application.id, text: "Written once the page was closed" });

    const sent: MailMessage[] = [];
    const mailer = { queue: async (_db: unknown, mail: MailMessage) => sent.push(mail) };
    const later = new Date(Date.now() + NOTIFICATION_MAIL_DELAY_MS + 60_000);
    await sweepNotificationMail({ db, mailer, publicUrl: "https://market.example" }, later);
    const toBrand = sent.filter((mail) => mail.to === application.brand.email);
    expect(toBrand).toHaveLength(1);
    // One line: the message written after the page was left; the proposal and "Read live" were seen on it.
    const lines = toBrand[0]?.text.split("\n").filter((line) => line.startsWith("- "));
    expect(lines).toEqual([`- ${application.influencer.username} wrote to you about "Summer launch".`]);
  });
});

describe("notifications.seenChanges", () => {
  it("tells every open tab of the user when some of their notifications are marked seen, with the unread count", async () => {
    const { first } = await twoApplications();
    const { token } = await createSession(db, systemClock, first.brand.id, null);
    const viewer = await validateSessionToken(db, systemClock, token);
    if (!viewer) throw new Error("no viewer");
    const abort = new AbortController();
    const tab = seenChanges({ db, notificationHub: hub }, viewer, abort.signal);
    const next = tab.next();
    await new Promise((resolve) => setTimeout(resolve, 50));

    await first.callers.brand.notifications.seeApplication({ applicationId: first.id });
    expect((await next).value).toEqual({ unread: 2 } satisfies NotificationSeenChange);
    abort.abort();
    expect((await tab.next()).done).toBe(true);
  });
});
