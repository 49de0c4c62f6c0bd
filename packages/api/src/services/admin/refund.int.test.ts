import { RELEASE_WINDOW_MS } from "@market/contracts";
import { eq, paymentAttempts } from "@market/db";
import { describe, expect, it } from "vitest";
import { callerFor, callFailure, countingGateway, createBrand, waitingApplication } from "../../testing";
import { useHireFixture } from "../../testing/hire-fixture";
import { sweepDueReleases } from "../applications/lifecycle/release-sweep";
import { ledgerAccount } from "../ledger/accounts";
import { accountBalance } from "../ledger/balance";
import type { PaymentGateway } from "../payments/gateway";
import { sandboxGateway } from "../payments/sandbox/sandbox-gateway";
import { refundKeyOf } from "./refund";

const fixture = useHireFixture();
const { clock, auditOf, rowOf, messagesOf, notesOf, requestsOf, ledgerOf } = fixture;

/** A hire with the work done (the fixture's) whose brand paid through a counted gateway (the sandbox unless told). */
async function hired(gateway?: PaymentGateway) {
  const counted = countingGateway(gateway ?? sandboxGateway({ db: fixture.db, clock }));
  const app = await fixture.delivered({ payments: counted.gateway });
  return { ...app, calls: counted.calls };
}

describe("admin refund (POST /admin/api/applications/{id}/refund)", () => {
  it("gives the brand B back through the gateway and the ledger; the hire ends, both parties are told", async () => {
    const app = await hired();
    clock.advance(60_000);
    const result = await app.callers.adminAsBrand.admin.refund({ id: app.id });
    expect(result).toEqual({ id: app.id, status: "DENIED", moneyReleaseDate: expect.any(Date), countdown: null });
    expect(app.calls.refund).toBe(1);

    // The ledger: escrow back to 0, the card world gets B back: the hire's payment and refund cancel out.
    expect(await accountBalance(fixture.db, app.escrow)).toBe(0);
    expect(await ledgerOf(app.id, "refund")).toEqual({
      keys: [refundKeyOf(app.id)],
      entries: { [app.escrow]: -137_500, [ledgerAccount.stripe]: 137_500 },
    });
    expect(await accountBalance(fixture.db, ledgerAccount.influencer(app.influencer.id))).toBe(0);

    const row = await rowOf(app.id);
    expect(row).toMatchObject({ status: "DENIED", deniedReason: null, refundedAt: clock.now(), releasedAt: null });
    const [attempt] = await fixture.db.select().from(paymentAttempts).where(eq(paymentAttempts.applicationId, app.id));
    expect(attempt?.providerRefundId).toMatch(/^re_/);

    const line = (await messagesOf(app.id)).find((message) => message.type === "refund");
    expect(line).toMatchObject({
      senderId: null,
      impersonatorId: app.admin.id,
      payload: { type: "refund", amountCents: 137_500 },
    });
    const notes = await notesOf(app.id, "refund");
    expect(notes.map((note) => note.userId).sort()).toEqual([app.brand.id, app.influencer.id].sort());
    expect(notes.every((note) => note.senderId === null)).toBe(true);

    const audit = await auditOf(app.id, "refund");
    expect(audit).toMatchObject({
      adminId: app.admin.id,
      impersonatedUserId: app.brand.id,
      targetType: "application",
      details: { amountCents: 137_500, provider: "sandbox", refundId: attempt?.providerRefundId },
    });

    // The page reads it; the chat of a refunded hire stays open (its conversation is longer than a bare proposal).
    const page = await app.callers.influencer.applications.get({ id: app.id });
    expect(page).toMatchObject({
      status: "DENIED",
      refundedAt: clock.now(),
      countdown: null,
      actions: ["arbitration"],
    });
    const chat = await app.callers.brand.chat.page({ id: app.id });
    expect(chat.messages[0]).toMatchObject({ type: "refund", amountCents: 137_500, sender: null });
  });

  it("refunds once: a second refund is closed, and no money moves after it (release, sweep)", async () => {
    const app = await hired();
    await app.callers.adminAsInfluencer.admin.refund({ id: app.id });
    expect(await callFailure(app.callers.adminAsBrand.admin.refund({ id: app.id }))).toMatchObject({
      reason: "closed",
    });
    expect(await callFailure(app.callers.brand.applications.release({ id: app.id }))).toMatchObject({
      reason: "closed",
    });
    expect(app.calls.refund).toBe(1);
    expect((await ledgerOf(app.id, "refund")).keys).toEqual([refundKeyOf(app.id)]);
  });

  it("is an impersonating admin's only; refused before the hire and after the release", async () => {
    const app = await hired();
    const refund = (caller: keyof typeof app.callers) => callFailure(app.callers[caller].admin.refund({ id: app.id }));
    expect(await refund("brand")).toMatchObject({ code: "FORBIDDEN", reason: "forbidden" });
    expect(await refund("influencer")).toMatchObject({ reason: "forbidden" });
    expect(await refund("otherBrand")).toMatchObject({ reason: "forbidden" });
    expect(await refund("visitor")).toMatchObject({ reason: "unauthorized" });
    // An admin acting as someone who is not a party does not see the application.
    const stranger = await createBrand(fixture.db);
    const asStranger = await callerFor(fixture.db, { userId: stranger.id, impersonatorId: app.admin.id }, clock);
    expect(await callFailure(asStranger.admin.refund({ id: app.id }))).toMatchObject({ reason: "not_found" });
    expect(app.calls.refund).toBe(0);

    const waiting = await waitingApplication(fixture.db, clock);
    expect(await callFailure(waiting.callers.adminAsBrand.admin.refund({ id: waiting.id }))).toMatchObject({
      reason: "not_allowed_yet",
    });
    const released = await hired();
    await released.callers.brand.applications.release({ id: released.id });
    expect(await callFailure(released.callers.adminAsBrand.admin.refund({ id: released.id }))).toMatchObject({
      reason: "closed",
    });
    expect(released.calls.refund).toBe(0);
  });

  it("settles the contest and the requests for arbitration of a paused hire", async () => {
    const app = await hired();
    await app.callers.brand.applications.workNotDone({ id: app.id });
    await app.callers.influencer.chat.requestArbitration({ id: app.id, text: "It is published" });
    await app.callers.adminAsBrand.admin.refund({ id: app.id });
    expect(await rowOf(app.id)).toMatchObject({
      contestedAt: null,
      arbitrationOpenedAt: null,
      releaseRemainingMs: null,
      status: "DENIED",
    });
    const requests = await requestsOf(app.id);
    expect(requests).toHaveLength(2);
    expect(requests.every((request) => request.resolvedAt?.getTime() === clock.now().getTime())).toBe(true);
  });

  it("changes nothing when the gateway fails, and refunds once on the next try", async () => {
    const sandbox = sandboxGateway({ db: fixture.db, clock });
    let failing = true;
    const flaky: PaymentGateway = {
      ...sandbox,
      provider: sandbox.provider,
      publicConfig: sandbox.publicConfig,
      refund: async (request) => {
        if (failing) throw new Error("the provider is unreachable");
        return sandbox.refund(request);
      },
    };
    const app = await hired(flaky);
    expect(await callFailure(app.callers.adminAsBrand.admin.refund({ id: app.id }))).toMatchObject({
      code: "PAYMENT_REQUIRED",
      reason: "payment_failed",
    });
    expect(await rowOf(app.id)).toMatchObject({ status: "PROGRESS", refundedAt: null });
    expect(await accountBalance(fixture.db, app.escrow)).toBe(137_500);
    expect((await rowOf(app.id))?.refundRequestedAt).toBeNull();
    failing = false;
    await app.callers.adminAsBrand.admin.refund({ id: app.id });
    expect(await accountBalance(fixture.db, app.escrow)).toBe(0);
  });

  it("answers the provider's same refund when a try refunded but did not record it", async () => {
    const app = await hired();
    const [attempt] = await fixture.db.select().from(paymentAttempts).where(eq(paymentAttempts.applicationId, app.id));
    // A first try's refund went through, then its transaction failed: the provider has it under the same key.
    const sandbox = sandboxGateway({ db: fixture.db, clock });
    const first = await sandbox.refund({
      intentId: attempt?.providerIntentId ?? "",
      amountCents: 137_500,
      idempotencyKey: refundKeyOf(app.id),
    });
    await app.callers.adminAsBrand.admin.refund({ id: app.id });
    const [after] = await fixture.db.select().from(paymentAttempts).where(eq(paymentAttempts.applicationId, app.id));
    expect(after?.providerRefundId).toBe(first.refundId);
    expect(await accountBalance(fixture.db, app.escrow)).toBe(0);
  });

  it("keeps the brand's release and the sweep off the escrow while the provider refunds", async () => {
    const sandbox = sandboxGateway({ db: fixture.db, clock });
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const slow: PaymentGateway = {
      ...sandbox,
      provider: sandbox.provider,
      publicConfig: sandbox.publicConfig,
      refund: async (request) => {
        await answered;
        return sandbox.refund(request);
      },
    };
    const app = await hired(slow);
    clock.advance(RELEASE_WINDOW_MS);
    const refunding = app.callers.adminAsBrand.admin.refund({ id: app.id });
    for (let tries = 0; !(await rowOf(app.id))?.refundRequestedAt; tries += 1) {
      if (tries > 200) throw new Error("the refund never started");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await callFailure(app.callers.brand.applications.release({ id: app.id }))).toMatchObject({
      reason: "conflict",
    });
    await sweepDueReleases(fixture.db, clock.now());
    expect(await rowOf(app.id)).toMatchObject({ status: "PROGRESS", releasedAt: null });
    answer();
    expect(await refunding).toMatchObject({ status: "DENIED" });
    expect(await rowOf(app.id)).toMatchObject({ refundRequestedAt: null, releasedAt: null });
    expect(await accountBalance(fixture.db, app.escrow)).toBe(0);
    expect(await accountBalance(fixture.db, ledgerAccount.influencer(app.influencer.id))).toBe(0);
  });

  it("refuses a hire paid through another provider than the server's", async () => {
    const app = await hired();
    await fixture.db
      .update(paymentAttempts)
      .set({ provider: "stripe" })
      .where(eq(paymentAttempts.applicationId, app.id));
    expect(await callFailure(app.callers.adminAsBrand.admin.refund({ id: app.id }))).toMatchObject({
      code: "CONFLICT",
      reason: "conflict",
    });
    expect(app.calls.refund).toBe(0);
  });
});
