/**
 * The payout page's search: `retry`, the id of a failed payout to send again (the tracker's "retry with another
 * method"), its amount filled in. Anything else is dropped.
 */
export interface PayoutSearch {
  retry?: number;
}

export function validatePayoutSearch(search: Record<string, unknown>): PayoutSearch {
  const retry = Number(search.retry);
  return Number.isSafeInteger(retry) && retry > 0 ? { retry } : {};
}
