import type { SavedCard } from "@market/contracts";
import { type Db, eq, savedCards } from "@market/db";
import type { Clock } from "../../clock";

/** Whether a card expiring at the end of expMonth/expYear is past at `now` (UTC month). */
export function isCardExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return card.expYear * 12 + (card.expMonth - 1) < current;
}

/** The brand's remembered card as the checkout and settings show it, or null; an expired card counts as none. */
export async function loadSavedCard(db: Db, clock: Clock, userId: number): Promise<SavedCard | null> {
  const [card] = await db
    .select({
      type: savedCards.brand,
      last4: savedCards.last4,
      expMonth: savedCards.expMonth,
      expYear: savedCards.expYear,
    })
    .from(savedCards)
    .where(eq(savedCards.userId, userId))
    .limit(1);
  if (!card || isCardExpired(card, clock.now())) return null;
  return card;
}

/** Forgets the brand's card; forgetting when there is none is fine. */
export async function forgetSavedCard(db: Db, userId: number): Promise<void> {
  await db.delete(savedCards).where(eq(savedCards.userId, userId));
}
