import { SANDBOX_TEST_CARDS } from "@market/contracts";
import { useTestDb } from "@market/db/testing";
import type { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { noSessionCookie } from "../../context";
import { callerFor, callFailure, createBrand, createInfluencer } from "../../testing";
import { reasonOf } from "../../trpc-errors";
import { memoryFileStore } from "../files/memory-file-store";
import type { PaymentGateway } from "./gateway";
import { sandboxGateway } from "./sandbox/sandbox-gateway";

const clock = fixedClock(new Date("2026-06-15T12:00:00Z"));
const card = { number: "4242 4242 4242 4242", expMonth: 4, expYear: 2030, cvc: "123" };

const testDb = useTestDb();

const as = async (userId: number | null, payments?: PaymentGateway) =>
  callerFor(testDb.db, userId === null ? null : { userId }, clock, noSessionCookie, memoryFileStore(), payments);

/** The port as the Stripe adapter fills it: the sandbox's own procedures must not exist next to it. */
const stripeLike = (): PaymentGateway => ({
  ...sandboxGateway({ db: testDb.db, clock }),
  provider: "stripe",
  publicConfig: { provider: "stripe", publishableKey: "pk_test_123" },
});

describe("payments.config", () => {
  it("tells anyone which card form to load", async () => {
    expect(await (await as(null)).payments.config()).toEqual({ provider: "sandbox" });
    expect(await (await as(null, stripeLike())).payments.config()).toEqual({
      provider: "stripe",
      publishableKey: "pk_test_123",
    });
  });
});

describe("payments.sandboxToken", () => {
  it("tokenizes a brand's test card", async () => {
    const brand = await createBrand(testDb.db);
    const { token } = await (await as(brand.id)).payments.sandboxToken(card);
    expect(token).toMatch(/^pm_sandbox_[0-9a-f]{24}$/);
  });

  it("refuses a wrong card as invalid with the field and Stripe.js's message", async () => {
    const brand = (await as((await createBrand(testDb.db)).id)).payments;
    for (const [wrong, path, message] of [
      [{ ...card, number: "4242 4242 4242 4241" }, "number", "Your card number is invalid."],
      [{ ...card, expYear: 2025 }, "expYear", "Your card's expiration year is in the past."],
      [{ ...card, expMonth: 5, expYear: 2026 }, "expMonth", "Your card's expiration date is in the past."],
      [{ ...card, cvc: "12" }, "cvc", "Your card's security code is incomplete."],
      [{ ...card, number: "4242" }, "number", "Your card number is incomplete."],
    ] as const) {
      const error = await brand.sandboxToken(wrong).then(
        () => null,
        (caught: TRPCError) => caught,
      );
      if (!error) throw new Error("tokenized");
      expect(reasonOf(error)).toBe("invalid");
      const issues = (error.cause as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
      expect(issues?.map((issue) => [issue.path.join("."), issue.message])).toEqual([[path, message]]);
    }
  });

  it("is for brands only, and does not exist while Stripe is the gateway", async () => {
    const influencer = await createInfluencer(testDb.db);
    expect((await callFailure((await as(influencer.id)).payments.sandboxToken(card))).reason).toBe("forbidden");
    expect((await callFailure((await as(null)).payments.sandboxToken(card))).reason).toBe("unauthorized");
    const brand = await createBrand(testDb.db);
    expect((await callFailure((await as(brand.id, stripeLike())).payments.sandboxToken(card))).reason).toBe(
      "not_found",
    );
  });
});

describe("payments.sandboxAuthenticate", () => {
  it("answers not_found for a secret that is not of the brand's own payments", async () => {
    const brand = await createBrand(testDb.db);
    const caller = await as(brand.id);
    expect(
      (await callFailure(caller.payments.sandboxAuthenticate({ intentSecret: "pi_x_secret_y", approve: true }))).reason,
    ).toBe("not_found");
    // An intent of the sandbox that no payment attempt of the brand's applications made.
    const gateway = sandboxGateway({ db: testDb.db, clock });
    // (A token of no brand: a brand's own would pay only for its own applications.)
    const token = await gateway.tokenize({ ...card, number: SANDBOX_TEST_CARDS.requiresAuthentication }, null);
    if (!token.ok) throw new Error(token.message);
    const outcome = await gateway.charge({
      amountCents: 1000,
      idempotencyKey: "stray",
      source: { kind: "token", token: token.token },
      save: null,
      description: "stray",
      metadata: { applicationId: "0", attempt: "1" },
    });
    if (outcome.status !== "requires_action") throw new Error(outcome.status);
    const intentSecret = outcome.clientSecret;
    expect((await callFailure(caller.payments.sandboxAuthenticate({ intentSecret, approve: true }))).reason).toBe(
      "not_found",
    );
    expect(await gateway.retrieve(outcome.intentId)).toMatchObject({ status: "requires_action" });
    expect(
      (
        await callFailure(
          (await as(brand.id, stripeLike())).payments.sandboxAuthenticate({ intentSecret, approve: true }),
        )
      ).reason,
    ).toBe("not_found");
  });
});
