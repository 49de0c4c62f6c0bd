import { createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  SANDBOX_TEST_CARDS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_SIGNATURE_HEADER,
} from "@market/contracts";
import { type Db, desc, eq, webhookDeliveries, webhookEndpoints } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock, systemClock } from "../../clock";
import {
  callerFor,
  callFailure,
  createAdminUser,
  createBrand,
  createInfluencer,
  paidApplication,
  sandboxTokenOf,
  startWebhookReceiver,
  waitingApplication,
} from "../../testing";
import { createTokenCipher, DEV_NETWORK_TOKEN_KEY } from "../networks/token-cipher";
import { notify } from "../notifications/notify";
import type { WebhookDeps } from "./deps";
import { sendDueWebhooks } from "./send-due";
import { verifySignature } from "./signature";
import type { ResolveHost, WebhookTargets } from "./targets";

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
/** The test server's policy: loopback allowed, for the receiver above. */
const loopback: WebhookTargets = { allowPrivate: true };
const senderDeps = (targets: WebhookTargets = loopback): WebhookDeps => ({
  db,
  clock,
  tokenCipher,
  webhookTargets: targets,
});
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
const as = (userId: number, targets: WebhookTargets = loopback, impersonatorId?: number) =>
  callerFor(db, impersonatorId ? { userId, impersonatorId } : { userId }, clock, undefined, undefined, undefined, {
    webhookTargets: targets,
  });
const resolvesTo =
  (...addresses: string[]): ResolveHost =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
const deliveriesOf = (endpointId: number) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id));

describe("registering an endpoint", () => {
  it("answers the secret once, sealed at rest, and lists the endpoint without it", async () => {
    const brand = await as((await createBrand(db)).id);
    const created = await brand.webhooks.create({ url: receiver.url("/one"), events: ["application.hired"] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await brand.webhooks.list();
    expect(list).toEqual([expect.objectContaining({ id: created.endpoint.id, events: ["application.hired"] })]);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const [stored] = await db
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.endpoint.id));
    expect(stored?.secret).not.toContain(created.secret);
    expect(tokenCipher.decryptToken(stored?.secret ?? "")).toBe(created.secret);
  });

  it.each([
    ["plain http", "http://93.184.216.34/hook", undefined],
    ["a loopback address", "https://127.0.0.1/hook", undefined],
    ["a private address", "https://10.0.0.5/hook", undefined],
    ["a link-local metadata address", "https://169.254.169.254/latest/meta-data", undefined],
    ["a CGNAT address", "https://100.64.1.1/hook", undefined],
    ["an IPv6 loopback", "https://[::1]/hook", undefined],
    ["an IPv6 unique-local address", "https://[fd00:ec2::254]/hook", undefined],
    ["a name resolving to 127.0.0.1", "https://rebind.example/hook", resolvesTo("127.0.0.1")],
    [
      "a name resolving to a public and a private address",
      "https://mixed.example/hook",
      resolvesTo("93.184.216.34", "10.0.0.1"),
    ],
    [
      "a name that does not resolve",
      "https://nowhere.example/hook",
      async () => Promise.reject(new Error("ENOTFOUND")),
    ],
  ])("refuses %s on a server that is not a test server", async (_name, url, resolve) => {
    const brand = await as((await createBrand(db)).id, { allowPrivate: false, resolve });
    const failure = await callFailure(brand.webhooks.create({ url, events: ["payout.paid"] }));
    expect(failure).toMatchObject({ reason: "invalid", issues: ["url"] });
  });

  it("takes a public name on a server that is not a test server", async () => {
    const brand = await as((await createBrand(db)).id, { allowPrivate: false, resolve: resolvesTo("93.184.216.34") });
    await expect(
      brand.webhooks.create({ url: "https://hooks.example/in", events: ["payout.paid"] }),
    ).resolves.toBeTruthy();
  });

  it("refuses a bad URL or no events with their field, and an eleventh endpoint", async () => {
    const brand = await as((await createBrand(db)).id);
    expect(
      await callFailure(brand.webhooks.create({ url: "ftp://x.example/", events: ["payout.paid"] })),
    ).toMatchObject({
      reason: "invalid",
    });
    expect(await callFailure(brand.webhooks.create({ url: receiver.url("/x"), events: [] }))).toMatchObject({
      reason: "invalid",
    });
    for (let i = 0; i < 10; i++) await brand.webhooks.create({ url: receiver.url(`/n${i}`), events: ["payout.paid"] });
    expect(
      await callFailure(brand.webhooks.create({ url: receiver.url("/n10"), events: ["payout.paid"] })),
    ).toMatchObject({
      reason: "conflict",
    });
  });

  it("is refused to an admin's own account and to an admin acting as the user", async () => {
    const admin = await createAdminUser(db);
    const brand = await createBrand(db);
    const asAdmin = await as(admin.id);
    const acting = await as(brand.id, loopback, admin.id);
    const body = { url: receiver.url("/admin"), events: ["payout.paid" as const] };
    expect(await callFailure(asAdmin.webhooks.create(body))).toMatchObject({ reason: "forbidden" });
    expect(await callFailure(acting.webhooks.create(body))).toMatchObject({ reason: "forbidden" });
  });

  it("keeps one account's endpoints from another's", async () => {
    const owner = await as((await createBrand(db)).id);
    const other = await as((await createInfluencer(db)).id);
    const { endpoint } = await owner.webhooks.create({ url: receiver.url("/mine"), events: ["payout.paid"] });
    // Each call made when awaited: a refusal never waits unobserved (an unhandled rejection).
    for (const call of [
      () => other.webhooks.remove({ id: endpoint.id }),
      () => other.webhooks.rollSecret({ id: endpoint.id }),
      () => other.webhooks.test({ id: endpoint.id }),
      () => other.webhooks.deliveries({ id: endpoint.id }),
    ]) {
      expect(await callFailure(call())).toMatchObject({ reason: "not_found" });
    }
    const ping = await owner.webhooks.test({ id: endpoint.id });
    expect(await callFailure(other.webhooks.resend({ id: ping.id }))).toMatchObject({ reason: "not_found" });
    expect(await other.webhooks.list()).toEqual([]);
  });
});

describe("sending", () => {
  it("signs a test event so that the documented check verifies it, and logs the 200", async () => {
    const brand = await as((await createBrand(db)).id);
    const { endpoint, secret } = await brand.webhooks.create({ url: receiver.url("/signed"), events: ["payout.paid"] });
    await brand.webhooks.test({ id: endpoint.id });
    await sendDueWebhooks(senderDeps());
    const request = receiver.received.find((entry) => entry.path === "/signed");
    if (!request) throw new Error("nothing received");
    const header = String(request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
    expect(verifySignature(secret, request.body, header, nowSeconds())).toBe(true);
    expect(JSON.parse(request.body)).toMatchObject({ type: "ping", data: { endpointId: endpoint.id } });
    const page = await brand.webhooks.deliveries({ id: endpoint.id });
    expect(page.items[0]).toMatchObject({ status: "succeeded", responseCode: 200, attempts: 1, nextAttemptAt: null });
    expect(page.items[0]?.payload).toBe(request.body);
  });

  it("is verified by docs/api.md's few lines of Node, run as written", async () => {
    const owner = await createBrand(db);
    const brand = await as(owner.id);
    const { endpoint, secret } = await brand.webhooks.create({ url: receiver.url("/docs"), events: ["payout.paid"] });
    await brand.webhooks.test({ id: endpoint.id });
    // The snippet compares with Date.now(): signed on the real clock here.
    await sendDueWebhooks({ ...senderDeps(), clock: systemClock });
    const request = receiver.received.find((entry) => entry.path === "/docs");
    const header = String(request?.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
    const verify = documentedVerifier();
    expect(verify(secret, request?.body ?? "", header)).toBe(true);
    expect(verify(secret, `${request?.body} `, header)).toBe(false);
    expect(verify("whsec_wrong", request?.body ?? "", header)).toBe(false);
    // During a roll's grace the header has two v1: the documented check takes either secret (rolled on the real
    // clock too, so the grace holds at the send).
    const onRealClock = await callerFor(db, { userId: owner.id }, systemClock, undefined, undefined, undefined, {
      webhookTargets: loopback,
    });
    const { secret: rolled } = await onRealClock.webhooks.rollSecret({ id: endpoint.id });
    await brand.webhooks.test({ id: endpoint.id });
    await sendDueWebhooks({ ...senderDeps(), clock: systemClock });
    const graced = receiver.received.filter((entry) => entry.path === "/docs").at(-1);
    const both = String(graced?.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
    expect(both.match(/v1=/g)).toHaveLength(2);
    expect(verify(secret, graced?.body ?? "", both)).toBe(true);
    expect(verify(rolled, graced?.body ?? "", both)).toBe(true);
    expect(verify("whsec_wrong", graced?.body ?? "", both)).toBe(false);
  });

  it("signs with the rolled secret alone from a roll that ends the old one at once", async () => {
    const brand = await as((await createBrand(db)).id);
    const { endpoint, secret: old } = await brand.webhooks.create({
      url: receiver.url("/rolled"),
      events: ["payout.paid"],
    });
    const { secret } = await brand.webhooks.rollSecret({ id: endpoint.id, oldSecretExpiresInMinutes: 0 });
    expect(secret).not.toBe(old);
    await brand.webhooks.test({ id: endpoint.id });
    await sendDueWebhooks(senderDeps());
    const request = receiver.received.filter((entry) => entry.path === "/rolled").at(-1);
    const header = String(request?.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
    expect(verifySignature(secret, request?.body ?? "", header, nowSeconds())).toBe(true);
    expect(verifySignature(old, request?.body ?? "", header, nowSeconds())).toBe(false);
  });

  it("retries a failing receiver with backoff, then gives up after the last attempt, about three days on", async () => {
    receiver.answer("/down", { status: 500 });
    const brand = await as((await createBrand(db)).id);
    const { endpoint } = await brand.webhooks.create({ url: receiver.url("/down"), events: ["payout.paid"] });
    await brand.webhooks.test({ id: endpoint.id });
    const started = clock.now();
    await sendDueWebhooks(senderDeps());
    let [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastResponseCode: 500, lastError: "bad_status" });
    expect(row?.nextAttemptAt?.getTime()).toBe(clock.now().getTime() + (WEBHOOK_RETRY_DELAYS_MS[0] ?? 0));
    // Not due yet: a pass now sends nothing.
    expect(await sendDueWebhooks(senderDeps())).toBe(0);
    for (let attempt = 2; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      clock.set(row?.nextAttemptAt ?? clock.now());
      expect(await sendDueWebhooks(senderDeps())).toBe(1);
      [row] = await deliveriesOf(endpoint.id);
      expect(row?.attempts).toBe(attempt);
    }
    expect(row).toMatchObject({ status: "failed", attempts: WEBHOOK_MAX_ATTEMPTS, nextAttemptAt: null });
    const window = clock.now().getTime() - started.getTime();
    expect(window / 3_600_000).toBeGreaterThan(70);
    expect(window / 3_600_000).toBeLessThan(73);
    expect(receiver.received.filter((entry) => entry.path === "/down")).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    clock.set(started);
  });

  it("does not follow a redirect", async () => {
    receiver.answer("/moved", { status: 302, location: receiver.url("/elsewhere") });
    const brand = await as((await createBrand(db)).id);
    const { endpoint } = await brand.webhooks.create({ url: receiver.url("/moved"), events: ["payout.paid"] });
    await brand.webhooks.test({ id: endpoint.id });
    await sendDueWebhooks(senderDeps());
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ lastResponseCode: 302, lastError: "redirect", status: "pending" });
    expect(receiver.received.some((entry) => entry.path === "/elsewhere")).toBe(false);
  });

  it("checks the address again at send time: a name that now resolves to loopback is not sent to", async () => {
    // Registered while the name pointed at a public address; by the send it answers 127.0.0.1 (DNS rebinding).
    const brand = await as((await createBrand(db)).id, { allowPrivate: false, resolve: resolvesTo("93.184.216.34") });
    const { endpoint } = await brand.webhooks.create({ url: "https://rebinding.example/x", events: ["payout.paid"] });
    await brand.webhooks.test({ id: endpoint.id });
    const before = receiver.received.length;
    await sendDueWebhooks(senderDeps({ allowPrivate: false, resolve: resolvesTo("127.0.0.1") }));
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ lastError: "refused_address", lastResponseCode: null, attempts: 1 });
    expect(receiver.received.length).toBe(before);
  });

  it("gives a receiver 5 seconds, then counts a timeout", { timeout: 20_000 }, async () => {
    receiver.answer("/hang", "hang");
    const brand = await as((await createBrand(db)).id);
    const { endpoint } = await brand.webhooks.create({ url: receiver.url("/hang"), events: ["payout.paid"] });
    await brand.webhooks.test({ id: endpoint.id });
    await sendDueWebhooks(senderDeps());
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ lastError: "timeout", status: "pending" });
    expect(row?.lastDurationMs).toBeGreaterThanOrEqual(4_900);
  });

  it("resends a delivery as a new one of the same event, and pages the log newest first", async () => {
    const brand = await as((await createBrand(db)).id);
    const { endpoint } = await brand.webhooks.create({ url: receiver.url("/log"), events: ["payout.paid"] });
    const ping = await brand.webhooks.test({ id: endpoint.id });
    const again = await brand.webhooks.resend({ id: ping.id });
    expect(again).toMatchObject({ eventId: ping.eventId, payload: ping.payload, status: "pending", attempts: 0 });
    for (let i = 0; i < 20; i++) await brand.webhooks.test({ id: endpoint.id });
    const first = await brand.webhooks.deliveries({ id: endpoint.id });
    expect(first.items).toHaveLength(20);
    const second = await brand.webhooks.deliveries({ id: endpoint.id, cursor: first.nextCursor ?? "" });
    expect(second.items.map((item) => item.id)).toEqual([again.id, ping.id]);
    expect(second.nextCursor).toBeNull();
  });
});

describe("emission", () => {
  it("emits a hire to both parties' endpoints, in the hire's transaction", async () => {
    const app = await waitingApplication(db, clock);
    const brandHooks = await as(app.brand.id);
    const influencerHooks = await as(app.influencer.id);
    const onBrand = await brandHooks.webhooks.create({ url: receiver.url("/b"), events: ["application.hired"] });
    const onInfluencer = await influencerHooks.webhooks.create({
      url: receiver.url("/i"),
      events: ["application.hired", "message.received"],
    });
    await app.callers.brand.applications.accept({
      id: app.id,
      frontendPriceInCents: 137_500,
      networks: ["instagram"],
      cardOptions: { token: await sandboxTokenOf(app.callers.brand, SANDBOX_TEST_CARDS.succeeds) },
    });
    const [toBrand] = await deliveriesOf(onBrand.endpoint.id);
    const [toInfluencer] = await deliveriesOf(onInfluencer.endpoint.id);
    expect(toBrand?.eventType).toBe("application.hired");
    expect(toInfluencer?.eventId).toBe(toBrand?.eventId);
    expect(JSON.parse(toBrand?.payload ?? "{}")).toMatchObject({
      type: "application.hired",
      data: { object: "application", id: app.id, status: "PROGRESS", brandId: app.brand.id },
    });
  });

  it("emits message.received to the other party only", async () => {
    const app = await waitingApplication(db, clock);
    const brandHooks = await as(app.brand.id);
    const influencerHooks = await as(app.influencer.id);
    const onBrand = await brandHooks.webhooks.create({ url: receiver.url("/mb"), events: ["message.received"] });
    const onInfluencer = await influencerHooks.webhooks.create({
      url: receiver.url("/mi"),
      events: ["message.received"],
    });
    await app.callers.influencer.chat.send({ id: app.id, text: "Hello brand" });
    const [toBrand] = await deliveriesOf(onBrand.endpoint.id);
    expect(JSON.parse(toBrand?.payload ?? "{}")).toMatchObject({
      type: "message.received",
      data: { applicationId: app.id, senderId: app.influencer.id, text: "Hello brand" },
    });
    expect(await deliveriesOf(onInfluencer.endpoint.id)).toEqual([]);
  });

  it("emits nothing for an event the endpoint did not choose", async () => {
    const paid = await paidApplication(db, clock);
    const hooks = await as(paid.brand.id);
    const { endpoint } = await hooks.webhooks.create({ url: receiver.url("/only-payouts"), events: ["payout.paid"] });
    await paid.callers.brand.chat.send({ id: paid.id, text: "Any news?" });
    await paid.callers.influencer.chat.send({ id: paid.id, text: "Soon" });
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });

  it("emits nothing when the write that caused it rolls back", async () => {
    const app = await waitingApplication(db, clock);
    const hooks = await as(app.brand.id);
    const { endpoint } = await hooks.webhooks.create({
      url: receiver.url("/rolled-back"),
      events: ["message.received"],
    });
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, [
          { userId: app.brand.id, type: "message", applicationId: app.id, text: "never", createdAt: clock.now() },
        ]);
        // Inside the transaction the delivery exists…
        expect(
          (await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).length,
        ).toBe(1);
        throw new Error("the write fails after its notification");
      }),
    ).rejects.toThrow("the write fails");
    // …and went with it.
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });
});

/** The `verify` function of docs/api.md's Webhooks section, its import line replaced by the same functions. */
function documentedVerifier(): (secret: string, body: string, header: string) => boolean {
  const reference = readFileSync(new URL("../../../../../docs/api.md", import.meta.url), "utf8");
  const section = reference.slice(reference.indexOf("## Webhooks"));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error("docs/api.md has no js block under Webhooks");
  const body = code.replace(/^import .*$/m, "");
  return new Function("createHmac", "timingSafeEqual", `${body}\nreturn verify;`)(createHmac, timingSafeEqual);
}
