import type { SavedCardView } from "@market/contracts";
import { type Db, eq, type PaymentProvider, type SavedCard, savedCards, type Tx } from "@market/db";
import type { Clock } from "../../clock";
import type { CardDetails } from "./gateway";

/**
 * The brand's remembered card (spec section 3, Card): one per brand, only the provider's references and what the
 * checkout shows (brand, last 4 digits, expiry). An expired card counts as none everywhere.
 */

/** Whether a card expiring at the end of expMonth/expYear is past at `now` (UTC month). */
export function isCardExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return card.expYear * 12 + (card.expMonth - 1) < current;
}

/**
 * The card the brand can pay with through `provider`, or null: none saved, expired, or saved with another
 * gateway (a sandbox card means nothing to Stripe, and the reverse).
 */
export async function usableSavedCard(
  db: Db,
  clock: Clock,
  userId: number,
  provider: PaymentProvider,
): Promise<SavedCard | null> {
  const [card] = await db.select().from(savedCards).where(eq(savedCards.userId, userId)).limit(1);
  if (!card || card.provider !== provider || isCardExpired(card, clock.now())) return null;
  return card;
}

/** GET /api/account/card: the saved card as the checkout and the payment tab show it (month on 2 digits), or null. */
export async function getCard(
  deps: { db: Db; clock: Clock; payments: { provider: PaymentProvider } },
  userId: number,
): Promise<SavedCardView | null> {
  const card = await usableSavedCard(deps.db, deps.clock, userId, deps.payments.provider);
  if (!card) return null;
  return {
    type: card.brand,
    last4: card.last4,
    expMonth: String(card.expMonth).padStart(2, "0"),
    expYear: card.expYear,
  };
}

/** Remembers the card a payment saved, in place of any earlier one (inside the payment's transaction). */
export async function rememberCard(
  tx: Tx,
  userId: number,
  provider: PaymentProvider,
  saved: { customerId: string; paymentMethodId: string; card: CardDetails },
): Promise<void> {
  const row = {
    provider,
    providerCustomerId: saved.customerId,
    providerPaymentMethodId: saved.paymentMethodId,
    brand: saved.card.brand,
    last4: saved.card.last4,
    expMonth: saved.card.expMonth,
    expYear: saved.card.expYear,
  };
  await tx
    .insert(savedCards)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: savedCards.userId, set: row });
}

/** POST /api/account/card/forget: forgetting when there is none is fine. */
export async function forgetCard(db: Db, userId: number): Promise<void> {
  await db.delete(savedCards).where(eq(savedCards.userId, userId));
}
