import type { Db, Tx } from "./client";
import { type NewSavedCard, savedCards } from "./schema/payments";
import { type NewSandboxPaymentMethod, sandboxPaymentMethods } from "./schema/payments-sandbox";

/**
 * A brand's saved card that the payment sandbox can charge: the sandbox's own card (its test card 4242…, saved
 * for the brand as a customer) and the brand's saved_cards row pointing at it, with the sandbox's id scheme
 * (services/payments/sandbox/sandbox-gateway.ts: pm_sandbox_…, cus_sandbox_<userId>). The demo seed and the
 * browser tests' users get theirs from here, so that a saved-card checkout really pays.
 */
export function sandboxSavedCardRows(
  userId: number,
  expYear: number,
  idSuffix: string,
): { method: NewSandboxPaymentMethod; card: NewSavedCard } {
  const paymentMethodId = `pm_sandbox_${idSuffix}`;
  const card = { brand: "visa", last4: "4242", expMonth: 4, expYear };
  return {
    method: { id: paymentMethodId, ...card, behaviour: "succeeds", customerUserId: userId },
    card: {
      userId,
      provider: "sandbox",
      providerCustomerId: `cus_sandbox_${userId}`,
      providerPaymentMethodId: paymentMethodId,
      ...card,
    },
  };
}

export async function insertSandboxSavedCard(db: Db | Tx, userId: number, expYear: number, idSuffix: string) {
  const { method, card } = sandboxSavedCardRows(userId, expYear, idSuffix);
  await db.insert(sandboxPaymentMethods).values(method);
  await db.insert(savedCards).values(card);
}
