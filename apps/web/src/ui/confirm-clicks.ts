import { ADMIN_CONFIRM_CLICKS } from "@market/contracts";

/**
 * The admin's OK/KO button needs 3 clicks to confirm (spec section 9). The counter holds the clicks made so far;
 * the click that reaches the total confirms and starts over. Inactivity resets it (the component's timer).
 */
export interface ClickCounter {
  clicks: number;
}

export const CONFIRM_RESET_MS = 3_000;
export const INITIAL_COUNTER: ClickCounter = { clicks: 0 };

export function press(
  counter: ClickCounter,
  needed: number = ADMIN_CONFIRM_CLICKS,
): { counter: ClickCounter; confirmed: boolean } {
  const clicks = counter.clicks + 1;
  if (clicks >= needed) return { counter: INITIAL_COUNTER, confirmed: true };
  return { counter: { clicks }, confirmed: false };
}

/** Clicks still needed before the action runs. */
export const remainingClicks = (counter: ClickCounter, needed: number = ADMIN_CONFIRM_CLICKS): number =>
  needed - counter.clicks;
