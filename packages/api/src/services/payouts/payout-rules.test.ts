import type { Payout } from "@market/db";
import { describe, expect, it } from "vitest";
import { payoutView } from "./payout-view";
import { dollars, payoutReference, referenceUuid } from "./provider";
import { backoffDelay, nextPollDelay, PAYOUT_FIRST_POLL_MS, PAYOUT_MAX_POLL_MS } from "./worker";

const at = (iso: string) => new Date(`2026-03-02T${iso}Z`);
const base: Payout = {
  id: 7,
  userId: 3,
  method: "paypal",
  amountCents: 2_000,
  email: "a@b.co",
  accountOwnerName: null,
  status: "processing",
  requestedAt: at("10:00:00"),
  releaseDate: null,
  updatedAt: at("10:00:00"),
  sentAt: null,
  providerReference: null,
  failedAt: null,
  failureReason: null,
  failureMessage: null,
  retryOfPayoutId: null,
  nextAttemptAt: at("10:00:00"),
  claimedUntil: null,
  attempts: 0,
  providerState: null,
  bankAccount: null,
  bankAccountSummary: null,
  holdReason: null,
  watchUntil: null,
  provider: "paypal",
};

describe("the payout's reference", () => {
  it("is one per payout, and its UUID (Wise's customerTransactionId) is stable and shaped as a version 5 UUID", () => {
    expect(payoutReference(7)).toBe("market-payout-7");
    const uuid = referenceUuid(payoutReference(7));
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(referenceUuid(payoutReference(7))).toBe(uuid);
    expect(referenceUuid(payoutReference(8))).not.toBe(uuid);
  });

  it("writes cents as the providers' dollar strings", () => {
    expect([dollars(2_000), dollars(2_005), dollars(123_456)]).toEqual(["20.00", "20.05", "1234.56"]);
  });
});

describe("the worker's timing", () => {
  it("polls a sent payout at a tenth of its age, between 10 s and an hour", () => {
    expect(nextPollDelay(0)).toBe(PAYOUT_FIRST_POLL_MS);
    expect(nextPollDelay(600_000)).toBe(60_000);
    expect(nextPollDelay(3 * 86_400_000)).toBe(PAYOUT_MAX_POLL_MS);
  });

  it("backs off from 30 s, doubling, up to an hour", () => {
    expect([1, 2, 3].map(backoffDelay)).toEqual([30_000, 60_000, 120_000]);
    expect(backoffDelay(20)).toBe(PAYOUT_MAX_POLL_MS);
  });
});

describe("payoutView", () => {
  it("splits processing into requested and sent, and lists the steps reached with their dates", () => {
    expect(payoutView(base, null)).toMatchObject({
      state: "requested",
      steps: [{ step: "requested" }],
      canRetry: false,
    });
    const sent = { ...base, sentAt: at("10:00:10"), providerReference: "x" };
    expect(payoutView(sent, null).steps).toEqual([
      { step: "requested", at: "2026-03-02T10:00:00.000Z" },
      { step: "sent", at: "2026-03-02T10:00:10.000Z" },
    ]);
    const paid = { ...sent, status: "paid" as const, releaseDate: at("10:01:00") };
    expect(payoutView(paid, null)).toMatchObject({ state: "paid", releaseDate: "2026-03-02T10:01:00.000Z" });
    expect(payoutView(paid, null).steps.map((step) => step.step)).toEqual(["requested", "sent", "paid"]);
  });

  it("offers the retry of a failed payout until it has been retried, with the reason and the provider's words", () => {
    const failed = {
      ...base,
      status: "failed" as const,
      failedAt: at("10:02:00"),
      failureReason: "returned" as const,
      failureMessage: "Wise: bounced back",
    };
    expect(payoutView(failed, null)).toMatchObject({
      state: "failed",
      failure: { reason: "returned", message: "Wise: bounced back" },
      canRetry: true,
      steps: [{ step: "requested" }, { step: "failed", at: "2026-03-02T10:02:00.000Z" }],
    });
    expect(payoutView(failed, 9)).toMatchObject({ retriedBy: 9, canRetry: false });
  });
});
