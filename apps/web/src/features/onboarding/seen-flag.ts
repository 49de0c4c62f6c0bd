import { ONBOARDING_SEEN_DELAY_MS } from "@market/contracts";

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
}

/**
 * Spec section 4: onboarding is marked seen after save, later or create-campaign, the flag being sent
 * ONBOARDING_SEEN_DELAY_MS later. Answers the function those actions call: the first call schedules the one
 * send, later calls (a double click, Later after Save) change nothing.
 */
export function createSeenFlag(send: () => void, timers: Timers = globalThis): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    timers.setTimeout(send, ONBOARDING_SEEN_DELAY_MS);
  };
}
