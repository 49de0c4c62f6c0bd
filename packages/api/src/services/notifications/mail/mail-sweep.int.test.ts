import { MINUTE_MS, NOTIFICATION_MAIL_DELAY_MS, type NotificationKey, type NotificationType } from "@market/contracts";
import { type Db, deals, eq, inArray, notificationPreferences, notifications } from "@market/db";
import { testDatabaseUrl, useTestDb } from "@market/db/testing";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBrand, createInfluencer } from "../../../testing";
import type { Mailer, MailMessage } from "../../mail/mailer";
import { sweepNotificationMail } from "./mail-sweep";

const onPostgres = Boolean(testDatabaseUrl);
const PUBLIC_URL = "https://market.example";
const t0 = new Date("2026-06-01T12:00:00Z");
/** When a notification written at t0 is due. */
const due = new Date(t0.getTime() + NOTIFICATION_MAIL_DELAY_MS);

let db: Db;
let sent: MailMessage[];
/** Collects what the sweep queues (the mail job would send it). */
const mailer: Mailer = {
  async queue(_db, mail) {
    sent.push(mail);
    return sent.length;
  },
};
const sweep = (now: Date, batchSize?: number) =>
  sweepNotificationMail({ db, mailer, publicUrl: PUBLIC_URL }, now, batchSize);

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});
beforeEach(() => {
  sent = [];
});

/** A brand (its company name "Glow Studio" unless told) with a campaign and an influencer, none of them mailed yet. */
async function parties(brandName = "Glow Studio") {
  const brand = await createBrand(db, { brandName });
  const influencer = await createInfluencer(db);
  const [deal] = await db
    .insert(deals)
    .values({
      userId: brand.id,
      title: "Summer glow",
      link: "https://brand.example",
      category: "beauty",
      price: "p25_100",
      description: "A summer campaign.",
      networks: ["instagram"],
      deadline: new Date("2026-09-01"),
    })
    .returning({ id: deals.id });
  if (!deal) throw new Error("deal not inserted");
  return { brand, influencer, dealId: deal.id };
}

async function write(
  userId: number,
  type: NotificationType,
  extra: { dealId?: number; senderId?: number; text?: string; at?: Date } = {},
) {
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      type,
      dealId: extra.dealId ?? null,
      senderId: extra.senderId ?? null,
      text: extra.text ?? null,
      createdAt: extra.at ?? t0,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error("notification not inserted");
  return row.id;
}

const turnOff = (userId: number, key: NotificationKey) =>
  db.insert(notificationPreferences).values({ userId, key, enabled: false });

const mailedAtOf = async (ids: number[]) =>
  (await db.select().from(notifications).where(inArray(notifications.id, ids))).map((row) => row.mailedAt);

describe("notification mail sweep", () => {
  it("mails each user one digest of their unseen notifications, a line and a whole link each", async () => {
    const { brand, influencer, dealId } = await parties();
    const invited = await write(influencer.id, "invitation", { dealId, senderId: brand.id });
    const messaged = await write(influencer.id, "message", { dealId, senderId: brand.id, text: "Hi there" });
    const reviewed = await write(brand.id, "deal_review", { dealId });

    expect(await sweep(due)).toBe(3);
    const byRecipient = new Map(sent.map((mail) => [mail.to, mail]));
    expect(sent).toHaveLength(2);
    const toInfluencer = byRecipient.get(influencer.email);
    expect(toInfluencer?.subject).toBe("2 new notifications on Influence Market");
    expect(toInfluencer?.text).toContain(
      [
        '- Glow Studio invites you to apply to "Summer glow".',
        `  ${PUBLIC_URL}/deals/${dealId}`,
        '- Glow Studio wrote to you about "Summer glow".',
        `  ${PUBLIC_URL}/deals/${dealId}`,
      ].join("\n"),
    );
    // Chat messages are named, never quoted.
    expect(toInfluencer?.text).not.toContain("Hi there");
    expect(toInfluencer?.text).toContain(`${PUBLIC_URL}/account?p=notifications`);
    const toBrand = byRecipient.get(brand.email);
    expect(toBrand?.subject).toBe('Your campaign "Summer glow" was reviewed.');
    expect(toBrand?.text).toContain(`  ${PUBLIC_URL}/campaigns/${dealId}`);
    expect(toBrand?.text).toContain(`${PUBLIC_URL}/settings?p=notifications`);
    expect(await mailedAtOf([invited, messaged, reviewed])).toEqual([due, due, due]);

    // Handled once: the next sweep finds nothing.
    sent = [];
    expect(await sweep(new Date(due.getTime() + MINUTE_MS))).toBe(0);
    expect(sent).toEqual([]);
  });

  it("names a brand by its company name, by its username when it has none, an influencer by its username", async () => {
    const { brand, influencer, dealId } = await parties("");
    await write(influencer.id, "payment", { dealId, senderId: brand.id });
    await write(brand.id, "work_done", { dealId, senderId: influencer.id });

    await sweep(due);
    const subjects = new Map(sent.map((mail) => [mail.to, mail.subject]));
    expect(subjects.get(influencer.email)).toBe(
      `${brand.username} hired you on "Summer glow": the money is held until the work is done.`,
    );
    expect(subjects.get(brand.email)).toBe(`${influencer.username} marked the work on "Summer glow" done.`);
  });

  it("tells a refund to the brand as its own ('We refunded you'), and to the influencer as the brand's", async () => {
    const { brand, influencer, dealId } = await parties();
    await write(brand.id, "refund", { dealId });
    await write(influencer.id, "refund", { dealId });
    expect(await sweep(due)).toBe(2);
    const byRecipient = new Map(sent.map((mail) => [mail.to, mail]));
    const toBrand = byRecipient.get(brand.email);
    expect(toBrand?.subject).toBe('We refunded you for "Summer glow": the hire is cancelled.');
    expect(toBrand?.text).toContain('- We refunded you for "Summer glow": the hire is cancelled.');
    expect(toBrand?.text).not.toContain("The brand");
    expect(byRecipient.get(influencer.email)?.subject).toBe('The brand was refunded for "Summer glow".');
  });

  it("waits the delay: a notification younger than it is left for a later sweep", async () => {
    const { influencer, dealId } = await parties();
    const id = await write(influencer.id, "invitation", { dealId });
    expect(await sweep(new Date(due.getTime() - 1))).toBe(0);
    expect(await mailedAtOf([id])).toEqual([null]);
    expect(await sweep(due)).toBe(1);
    expect(sent.map((mail) => mail.to)).toEqual([influencer.email]);
  });

  it("never mails a notification seen first", async () => {
    const { influencer, dealId } = await parties();
    const id = await write(influencer.id, "invitation", { dealId });
    await db.update(notifications).set({ seenAt: t0 }).where(eq(notifications.id, id));
    expect(await sweep(due)).toBe(0);
    expect(sent).toEqual([]);
  });

  const KEYS: [NotificationKey, NotificationType][] = [
    ["appUpdate", "payment"],
    ["message", "message"],
    ["invitations", "invitation"],
    ["feedback", "feedback"],
    ["news", "news"],
  ];
  it.each(KEYS)("passes over what %s turned off covers (%s), still mailing the rest", async (key, type) => {
    const { brand, influencer, dealId } = await parties();
    await turnOff(influencer.id, key);
    const off = await write(influencer.id, type, { dealId, senderId: brand.id, text: "Spring news" });
    const other = await write(influencer.id, type === "invitation" ? "payment" : "invitation", {
      dealId,
      senderId: brand.id,
    });
    expect(await sweep(due)).toBe(2);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain(type === "invitation" ? "hired you" : "invites you");
    // Passed over, it is handled all the same: no later sweep mails it.
    expect(await mailedAtOf([off, other])).toEqual([due, due]);
  });

  it("mails every key while on, a missing preference meaning on", async () => {
    const { brand, influencer, dealId } = await parties();
    await db.insert(notificationPreferences).values({ userId: brand.id, key: "appUpdate", enabled: true });
    await write(brand.id, "work_done", { dealId, senderId: influencer.id });
    await write(influencer.id, "news", { text: "Spring news: lower fees." });
    expect(await sweep(due)).toBe(2);
    expect(sent.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [brand.email, `${influencer.username} marked the work on "Summer glow" done.`],
        [influencer.email, "Spring news: lower fees."],
      ].sort(),
    );
  });

  it("leaves out what is mailed on its own (the release reminder, a failed payout): nobody hears twice", async () => {
    const { brand, influencer, dealId } = await parties();
    await write(brand.id, "release_reminder", { dealId });
    await write(influencer.id, "payout_failed", { text: "Your payout failed." });
    expect(await sweep(due)).toBe(2);
    expect(sent).toEqual([]);
  });

  it("mails each user once across batches: a batch takes all of its users' due notifications", async () => {
    const { brand, influencer, dealId } = await parties();
    for (let minute = 0; minute < 3; minute += 1) {
      await write(influencer.id, "invitation", { dealId, senderId: brand.id, at: new Date(t0.getTime() - minute) });
    }
    await write(brand.id, "work_done", { dealId, senderId: influencer.id, at: new Date(t0.getTime() + 1) });
    expect(await sweep(new Date(due.getTime() + 1), 1)).toBe(4);
    expect(sent.map((mail) => mail.to).sort()).toEqual([brand.email, influencer.email].sort());
  });

  // Several connections at once: PGlite has one, so this runs on PostgreSQL (CI).
  it.runIf(onPostgres)("mails each notification once when several instances sweep at the same moment", async () => {
    const users = await Promise.all([parties(), parties(), parties()]);
    const ids: number[] = [];
    for (const { brand, influencer, dealId } of users) {
      ids.push(await write(influencer.id, "invitation", { dealId, senderId: brand.id }));
      ids.push(await write(brand.id, "work_done", { dealId, senderId: influencer.id }));
      ids.push(await write(brand.id, "application", { dealId, senderId: influencer.id }));
    }
    const counts = await Promise.all([sweep(due, 2), sweep(due, 2), sweep(due, 2), sweep(due, 2)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ids.length);
    const lines = sent.flatMap((mail) => mail.text.split("\n").filter((line) => line.startsWith("- ")));
    expect(lines).toHaveLength(ids.length);
    expect(await mailedAtOf(ids)).toEqual(ids.map(() => due));
  });
});
