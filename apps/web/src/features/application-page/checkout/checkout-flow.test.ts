import type { AcceptResult } from "@market/contracts";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import {
  answerChallenge,
  CardFormInvalid,
  type CardOptions,
  type CheckoutPorts,
  failureOf,
  intentIdOfSecret,
  ProviderError,
  pay,
} from "./checkout-flow";

const refused = (reason: string) =>
  Object.assign(new TRPCClientError(reason), { data: { reason } }) as TRPCClientError<never>;

/** payment_failed as the server answers it: the provider's message as the message and on cardOptions. */
const declined = (message: string) =>
  Object.assign(new TRPCClientError(message), {
    data: { reason: "payment_failed", issues: [{ path: ["cardOptions"], message }] },
  }) as TRPCClientError<never>;

interface Call {
  cardOptions: CardOptions;
  password: string | undefined;
}

/** Ports that answer accept from a script, in order, and record what they were called with. */
function fakePorts(answers: (AcceptResult | Error)[], extra: Partial<CheckoutPorts> = {}) {
  const calls: Call[] = [];
  let tokens = 0;
  const ports: CheckoutPorts = {
    tokenize: async () => `tok_${++tokens}`,
    accept: async (cardOptions, password) => {
      calls.push({ cardOptions, password });
      const answer = answers.shift();
      if (!answer) throw new Error("accept called once too often");
      if (answer instanceof Error) throw answer;
      return answer;
    },
    ...extra,
  };
  return { ports, calls, tokenized: () => tokens };
}

const PAID: AcceptResult = { requiresAction: false };
const ACTION: AcceptResult = { requiresAction: true, intentSecret: "pi_123_secret_abc" };

describe("checkout flow", () => {
  it("pays a new card with its token, remembering it when asked", async () => {
    const { ports, calls } = fakePorts([PAID]);
    expect(await pay(ports, { kind: "new", saveCard: true })).toEqual({ kind: "paid" });
    expect(calls).toEqual([
      { cardOptions: { token: "tok_1", saveCard: true, useExistingCard: false }, password: undefined },
    ]);
  });

  it("tells a payment the provider is still processing from a paid one, at once or after the authentication", async () => {
    const processing: AcceptResult = { requiresAction: false, processing: true };
    expect(await pay(fakePorts([processing]).ports, { kind: "new", saveCard: false })).toEqual({ kind: "processing" });
    const { ports } = fakePorts([ACTION, processing], { authenticate: async (secret) => intentIdOfSecret(secret) });
    expect(await pay(ports, { kind: "saved", password: "pw" })).toEqual({ kind: "processing" });
  });

  it("pays the saved card with the password and no token", async () => {
    const { ports, calls, tokenized } = fakePorts([PAID]);
    expect(await pay(ports, { kind: "saved", password: "demo-password" })).toEqual({ kind: "paid" });
    expect(calls).toEqual([{ cardOptions: { useExistingCard: true, saveCard: false }, password: "demo-password" }]);
    expect(tokenized()).toBe(0);
  });

  it("stops at the sandbox's challenge, then confirms the intent the test bank answers", async () => {
    const { ports, calls } = fakePorts([ACTION, PAID]);
    const challenge = await pay(ports, { kind: "new", saveCard: true });
    expect(challenge).toEqual({
      kind: "challenge",
      intentSecret: ACTION.requiresAction && ACTION.intentSecret,
      choice: { kind: "new", saveCard: true },
    });
    if (challenge.kind !== "challenge") throw new Error("no challenge");
    expect(calls).toHaveLength(1);

    expect(await answerChallenge(ports, challenge, async () => "pi_123")).toEqual({ kind: "paid" });
    // The confirmation carries the intent, not the token, and still asks to remember the card.
    expect(calls[1]).toEqual({
      cardOptions: { confirmToken: "pi_123", saveCard: true, useExistingCard: false },
      password: undefined,
    });
  });

  it("shows the provider's refusal of a failed challenge", async () => {
    const { ports } = fakePorts([ACTION, declined("Your card was not authenticated.")]);
    const challenge = await pay(ports, { kind: "saved", password: "pw" });
    if (challenge.kind !== "challenge") throw new Error("no challenge");
    expect(await answerChallenge(ports, challenge, async () => "pi_123")).toEqual({
      kind: "failed",
      failure: { kind: "payment_failed", message: "Your card was not authenticated." },
    });
  });

  it("a challenge answer that fails to reach the test bank is a generic failure, and nothing is confirmed", async () => {
    const { ports, calls } = fakePorts([ACTION]);
    const challenge = await pay(ports, { kind: "new", saveCard: false });
    if (challenge.kind !== "challenge") throw new Error("no challenge");
    const outcome = await answerChallenge(ports, challenge, async () => {
      throw new Error("offline");
    });
    expect(outcome).toEqual({ kind: "failed", failure: { kind: "generic" } });
    expect(calls).toHaveLength(1);
  });

  it("runs Stripe's authentication by itself and confirms its intent id", async () => {
    const secrets: string[] = [];
    const { ports, calls } = fakePorts([ACTION, PAID], {
      authenticate: async (secret) => {
        secrets.push(secret);
        return intentIdOfSecret(secret);
      },
    });
    expect(await pay(ports, { kind: "new", saveCard: false })).toEqual({ kind: "paid" });
    expect(secrets).toEqual(["pi_123_secret_abc"]);
    expect(calls[1]?.cardOptions).toEqual({ confirmToken: "pi_123", saveCard: false, useExistingCard: false });
  });

  it("shows Stripe's own message when its authentication fails, without confirming", async () => {
    const { ports, calls } = fakePorts([ACTION], {
      authenticate: async () => {
        throw new ProviderError("We are unable to authenticate your payment method.");
      },
    });
    expect(await pay(ports, { kind: "new", saveCard: false })).toEqual({
      kind: "failed",
      failure: { kind: "payment_failed", message: "We are unable to authenticate your payment method." },
    });
    expect(calls).toHaveLength(1);
  });

  it("an intent still asking for an action after its authentication did not go through", async () => {
    const { ports } = fakePorts([ACTION, ACTION], { authenticate: async () => "pi_123" });
    expect(await pay(ports, { kind: "new", saveCard: false })).toEqual({
      kind: "failed",
      failure: { kind: "payment_failed", message: null },
    });
  });

  it("never calls accept when the card form refuses the card", async () => {
    const { ports, calls } = fakePorts([PAID], {
      tokenize: async () => {
        throw new CardFormInvalid();
      },
    });
    expect(await pay(ports, { kind: "new", saveCard: false })).toEqual({
      kind: "failed",
      failure: { kind: "card_invalid" },
    });
    expect(calls).toHaveLength(0);
  });

  it("tells each refusal of accept apart", async () => {
    const outcome = async (error: Error) => await pay(fakePorts([error]).ports, { kind: "saved", password: "x" });
    expect(await outcome(refused("bad_password"))).toEqual({ kind: "failed", failure: { kind: "bad_password" } });
    expect(await outcome(refused("price_changed"))).toEqual({ kind: "failed", failure: { kind: "price_changed" } });
    expect(await outcome(declined("Your card was declined."))).toEqual({
      kind: "failed",
      failure: { kind: "payment_failed", message: "Your card was declined." },
    });
    expect(await outcome(refused("payment_unavailable"))).toEqual({
      kind: "failed",
      failure: { kind: "payment_unavailable" },
    });
    expect(await outcome(refused("closed"))).toEqual({ kind: "failed", failure: { kind: "generic" } });
    expect(await outcome(new Error("Failed to fetch"))).toEqual({ kind: "failed", failure: { kind: "generic" } });
  });
});

describe("failure of an error", () => {
  it("has no provider message when the server gave none on cardOptions", () => {
    expect(failureOf(refused("payment_failed"))).toEqual({ kind: "payment_failed", message: null });
    // The server's generic sentence is the product's own: the web says it from its locale.
    const generic = Object.assign(new TRPCClientError("The payment did not go through."), {
      data: { reason: "payment_failed" },
    });
    expect(failureOf(generic)).toEqual({ kind: "payment_failed", message: null });
    expect(failureOf(declined("  "))).toEqual({ kind: "payment_failed", message: null });
    expect(failureOf(new ProviderError(null))).toEqual({ kind: "payment_failed", message: null });
  });

  it("reads a Stripe client secret's intent", () => {
    expect(intentIdOfSecret("pi_3Abc_secret_XyZ")).toBe("pi_3Abc");
    expect(intentIdOfSecret("sbx_pi_1")).toBe("sbx_pi_1");
  });
});
