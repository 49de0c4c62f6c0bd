import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  WEBHOOK_AUTO_PAUSE_FAILURES,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SIGNATURE_HEADER,
} from "@market/contracts";
import { type Db, desc, eq, outgoingMail, webhookDeliveries, webhookEndpoints } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callerFor, callFailure, createAdminUser, createBrand, startWebhookReceiver } from "../../testing";
import { mailQueue } from "../mail/mailer";
import { createTokenCipher, DEV_NETWORK_TOKEN_KEY } from "../networks/token-cipher";
import { notify } from "../notifications/notify";
import type { WebhookDeps } from "./deps";
import { sendDueWebhooks } from "./send-due";
import { verifySignature } from "./signature";

/** Issue 39 point 5: a rolled secret's grace period, endpoints paused and resumed, by their owner or the sender. */
let db: Db;
const testDb = useTestDb();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  db = testDb.db;
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const tokenCipher = createTokenCipher(DEV_NETWORK_TOKEN_KEY);
const senderDeps = (): WebhookDeps => ({
  db,
  clock,
  tokenCipher,
  webhookTargets: { allowPrivate: true },
  mailer: mailQueue(clock),
});
const as = (userId: number, impersonatorId?: number) =>
  callerFor(db, impersonatorId ? { userId, impersonatorId } : { userId }, clock, undefined, undefined, undefined, {
    webhookTargets: { allowPrivate: true },
  });
const deliveriesOf = (endpointId: number) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id));
const endpointRow = async (id: number) =>
  (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];

/** Sends a test event now and answers the header it arrived with (the path's last request). */
async function pingHeader(caller: Awaited<ReturnType<typeof as>>, endpointId: number, path: string) {
  await caller.webhooks.test({ id: endpointId });
  await sendDueWebhooks(senderDeps());
  const request = receiver.received.filter((entry) => entry.path === path).at(-1);
  if (!request) throw new Error("nothing received");
  return { header: String(request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]), body: request.body };
}
const verifies = (secret: string, sent: { header: string; body: string }) =>
  verifySignature(secret, sent.body, sent.header, Math.floor(clock.now().getTime() / 1000));

/** A payout.paid-like event for the user: a message notification is the simplest write that emits one. */
const messageTo = (userId: number, text: string) =>
  db.transaction((tx) => notify(tx, [{ userId, type: "message", text, createdAt: clock.now() }]));

describe("rolling a secret with a grace period", () => {
  it("signs with both secrets for a day by default, then with the new one alone", async () => {
    const start = clock.now();
    const owner = await createBrand(db);
    const brand = await as(owner.id);
    const { endpoint, secret: old } = await brand.webhooks.create({
      url: receiver.url("/grace"),
      events: ["message.received"],
    });
    const rolled = await brand.webhooks.rollSecret({ id: endpoint.id });
    expect(rolled.endpoint.previousSecretExpiresAt).toBe(new Date(start.getTime() + DAY_MS).toISOString());

    const during = await pingHeader(brand, endpoint.id, "/grace");
    expect(during.header.match(/v1=/g)).toHaveLength(2);
    expect(verifies(rolled.secret, during)).toBe(true);
    expect(verifies(old, during)).toBe(true);

    clock.set(new Date(start.getTime() + DAY_MS - MINUTE_MS));
    expect(verifies(old, await pingHeader(brand, endpoint.id, "/grace"))).toBe(true);

    clock.set(new Date(start.getTime() + DAY_MS + 1));
    const after = await pingHeader(brand, endpoint.id, "/grace");
    expect(after.header.match(/v1=/g)).toHaveLength(1);
    expect(verifies(rolled.secret, after)).toBe(true);
    expect(verifies(old, after)).toBe(false);
    expect((await brand.webhooks.list())[0]?.previousSecretExpiresAt).toBe(
      new Date(start.getTime() + DAY_MS).toISOString(),
    );
    clock.set(start);
  });

  it("takes the grace chosen at the roll, a week at most, and a second roll keeps only the secret it replaced", async () => {
    const brand = await as((await createBrand(db)).id);
    const { endpoint, secret: first } = await brand.webhooks.create({
      url: receiver.url("/grace-2"),
      events: ["message.received"],
    });
    const week = (7 * DAY_MS) / MINUTE_MS;
    expect(
      await callFailure(brand.webhooks.rollSecret({ id: endpoint.id, oldSecretExpiresInMinutes: week + 1 })),
    ).toMatchObject({ reason: "invalid" });
    const { secret: second } = await brand.webhooks.rollSecret({ id: endpoint.id, oldSecretExpiresInMinutes: 60 });
    const { secret: third, endpoint: view } = await brand.webhooks.rollSecret({
      id: endpoint.id,
      oldSecretExpiresInMinutes: week,
    });
    expect(view.previousSecretExpiresAt).toBe(new Date(clock.now().getTime() + 7 * DAY_MS).toISOString());
    const sent = await pingHeader(brand, endpoint.id, "/grace-2");
    expect([verifies(third, sent), verifies(second, sent), verifies(first, sent)]).toEqual([true, true, false]);
  });
});

describe("pausing and resuming an endpoint", () => {
  it("records no event while paused, refuses a test, and delivers what waited once resumed", async () => {
    const owner = await createBrand(db);
    const brand = await as(owner.id);
    const { endpoint } = await brand.webhooks.create({ url: receiver.url("/paused"), events: ["message.received"] });
    await messageTo(owner.id, "before the pause");
    const paused = await brand.webhooks.pause({ id: endpoint.id });
    expect(paused).toMatchObject({ enabled: false, pausedReason: "owner", pausedAt: clock.now().toISOString() });
    // Pausing again changes nothing.
    expect(await brand.webhooks.pause({ id: endpoint.id })).toEqual(paused);

    await messageTo(owner.id, "while paused");
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    expect(await callFailure(brand.webhooks.test({ id: endpoint.id }))).toMatchObject({ reason: "conflict" });
    const [waiting] = await deliveriesOf(endpoint.id);
    expect(await callFailure(brand.webhooks.resend({ id: waiting?.id ?? 0 }))).toMatchObject({ reason: "conflict" });
    // The delivery written before the pause waits: the sender skips a paused endpoint.
    await sendDueWebhooks(senderDeps());
    expect(receiver.received.filter((entry) => entry.path === "/paused")).toHaveLength(0);

    const resumed = await brand.webhooks.resume({ id: endpoint.id });
    expect(resumed).toMatchObject({ enabled: true, pausedReason: null, pausedAt: null });
    await sendDueWebhooks(senderDeps());
    await messageTo(owner.id, "after the resume");
    await sendDueWebhooks(senderDeps());
    const texts = receiver.received
      .filter((entry) => entry.path === "/paused")
      .map((entry) => JSON.parse(entry.body).data.text);
    expect(texts).toEqual(["before the pause", "after the resume"]);
  });

  it("is the owner's alone: not_found to another account, forbidden to an admin acting as the owner", async () => {
    const owner = await createBrand(db);
    const brand = await as(owner.id);
    const { endpoint } = await brand.webhooks.create({ url: receiver.url("/mine"), events: ["message.received"] });
    const other = await as((await createBrand(db)).id);
    const acting = await as(owner.id, (await createAdminUser(db)).id);
    for (const call of [other.webhooks.pause({ id: endpoint.id }), other.webhooks.resume({ id: endpoint.id })]) {
      expect(await callFailure(call)).toMatchObject({ reason: "not_found" });
    }
    for (const call of [acting.webhooks.pause({ id: endpoint.id }), acting.webhooks.resume({ id: endpoint.id })]) {
      expect(await callFailure(call)).toMatchObject({ reason: "forbidden" });
    }
    expect(await callFailure(brand.webhooks.pause({ id: 0 }))).toMatchObject({ reason: "invalid" });
    expect((await endpointRow(endpoint.id))?.enabled).toBe(true);
  });
});

describe("pausing an endpoint that keeps failing", () => {
  /** Spends every attempt of each pending delivery of the endpoint, the receiver failing throughout. */
  async function failAll(endpointId: number) {
    for (;;) {
      const pending = (await deliveriesOf(endpointId)).filter((row) => row.status === "pending");
      const due = pending.map((row) => row.nextAttemptAt?.getTime() ?? 0).sort((a, b) => a - b)[0];
      if (due === undefined) return;
      if (due > clock.now().getTime()) clock.set(new Date(due));
      await sendDueWebhooks(senderDeps());
    }
  }

  it(`pauses it after ${WEBHOOK_AUTO_PAUSE_FAILURES} deliveries failed in a row, and mails the owner`, async () => {
    const start = clock.now();
    receiver.answer("/dying", { status: 500 });
    const owner = await createBrand(db);
    const brand = await as(owner.id);
    const { endpoint } = await brand.webhooks.create({ url: receiver.url("/dying"), events: ["message.received"] });
    for (let n = 1; n < WEBHOOK_AUTO_PAUSE_FAILURES; n += 1) {
      await messageTo(owner.id, `lost ${n}`);
      await failAll(endpoint.id);
    }
    expect(await endpointRow(endpoint.id)).toMatchObject({
      enabled: true,
      failuresInARow: WEBHOOK_AUTO_PAUSE_FAILURES - 1,
    });
    await messageTo(owner.id, "the last straw");
    await failAll(endpoint.id);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(rows.map(() => ["failed", WEBHOOK_MAX_ATTEMPTS]));
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, pausedReason: "failing" });
    expect(clock.now().getTime() - start.getTime()).toBeGreaterThan(3 * 70 * HOUR_MS);
    const mails = await db.select().from(outgoingMail).where(eq(outgoingMail.to, owner.email));
    expect(mails).toEqual([expect.objectContaining({ subject: "Your webhook endpoint was paused" })]);
    expect(mails[0]?.text).toContain(receiver.url("/dying"));

    // Paused: new events are not recorded; resumed, the run of failures starts again from none.
    await messageTo(owner.id, "unheard");
    expect(await deliveriesOf(endpoint.id)).toHaveLength(WEBHOOK_AUTO_PAUSE_FAILURES);
    expect(await brand.webhooks.resume({ id: endpoint.id })).toMatchObject({ enabled: true });
    expect((await endpointRow(endpoint.id))?.failuresInARow).toBe(0);
    clock.set(start);
  });

  it("starts the run again after a delivery that went through", async () => {
    const start = clock.now();
    const owner = await createBrand(db);
    const brand = await as(owner.id);
    const { endpoint } = await brand.webhooks.create({ url: receiver.url("/flaky"), events: ["message.received"] });
    receiver.answer("/flaky", { status: 500 });
    for (let n = 1; n < WEBHOOK_AUTO_PAUSE_FAILURES; n += 1) {
      await messageTo(owner.id, `lost ${n}`);
      await failAll(endpoint.id);
    }
    receiver.answer("/flaky", { status: 200 });
    await messageTo(owner.id, "heard");
    await sendDueWebhooks(senderDeps());
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: true, failuresInARow: 0 });
    receiver.answer("/flaky", { status: 500 });
    await messageTo(owner.id, "lost again");
    await failAll(endpoint.id);
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: true, failuresInARow: 1 });
    clock.set(start);
  });
});
