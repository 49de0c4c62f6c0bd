/**
 * Money made through the public API for the cluster's fault tests, as the two parties would make it: the brand's
 * accept paid with the sandbox's succeeding card, the influencer's work done, the brand's release, the influencer's
 * payout. The escrow, balances and payouts are then the ledger's own, written by the services.
 */
import { brandTotalCents, DEFAULT_FEE_PERCENT, SANDBOX_TEST_CARDS, sandboxDeliverables } from "@market/contracts";
import { type ClusterUser, proposal } from "./client";

/** The price client.ts's proposal asks, in cents ($400 on Instagram). */
const PRICE_CENTS = 40_000;

function must<T>(answer: { status: number; data: T | undefined; reason: string | undefined }, what: string): T {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.reason}`);
  return answer.data as T;
}

/** A token of the sandbox's succeeding test card, made for the brand. */
export async function cardToken(brand: ClusterUser, target: string): Promise<string> {
  const answer = await brand.call<{ token: string }>(target, "POST", "/api/payments/sandbox/tokens", {
    number: SANDBOX_TEST_CARDS.succeeds,
    expMonth: 4,
    expYear: new Date().getFullYear() + 2,
    cvc: "123",
  });
  return must(answer, "the card's token").token;
}

/** The brand's accept of the application, paid by card: what it answers (a fault test may expect a failure). */
export async function accept(brand: ClusterUser, target: string, applicationId: number) {
  return brand.call<{ requiresAction: boolean }>(target, "POST", `/api/applications/${applicationId}/accept`, {
    frontendPriceInCents: brandTotalCents(PRICE_CENTS, DEFAULT_FEE_PERCENT),
    networks: ["instagram"],
    cardOptions: { token: await cardToken(brand, target) },
  });
}

/** A proposal accepted and paid, the hire in progress; `done`: the influencer's work delivered too. */
export async function paidHire(target: string, options: { done?: boolean } = {}) {
  const made = await proposal(target, "A hire of the fault suite.");
  must(await accept(made.brand, target, made.applicationId), "the accept");
  if (options.done) {
    must(
      await made.influencer.call(target, "POST", `/api/applications/${made.applicationId}/done`, {
        deliverables: sandboxDeliverables(["instagram"]),
      }),
      "the work done",
    );
  }
  return made;
}

/** A hire released by the brand: the influencer has a balance to withdraw. */
export async function releasedHire(target: string) {
  const made = await paidHire(target, { done: true });
  must(await made.brand.call(target, "POST", `/api/applications/${made.applicationId}/release`), "the release");
  return made;
}

/** The influencer's PayPal payout of `amountCents` to their own address (the sandbox pays it): its id. */
export async function requestPayout(influencer: ClusterUser, target: string, amountCents = 2_000): Promise<number> {
  const answer = await influencer.call<{ payout: { id: number } }>(target, "POST", "/api/earnings/payout", {
    method: "paypal",
    amountInCents: amountCents,
    password: influencer.password,
    email: influencer.email,
  });
  return must(answer, "the payout request").payout.id;
}
