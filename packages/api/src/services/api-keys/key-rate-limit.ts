import { allowedBy, type RateLimitDeps, tally, windowOf } from "../auth/rate-limit";

/** Where a key stands in its window, as the RateLimit-* headers of its answer say it. */
export interface KeyRateLimit {
  limit: number;
  remaining: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetMs: number;
  allowed: boolean;
}

/**
 * Counts one request of a key in the shared rate-limit table (rate-limit.ts: one upserted row per key and window,
 * on every instance), and answers its window's state.
 */
export async function countKeyRequest(deps: RateLimitDeps, keyId: number): Promise<KeyRateLimit> {
  const counted = await tally(deps, "apiKeyRequests", String(keyId));
  const limit = allowedBy(deps, "apiKeyRequests");
  const end = windowOf("apiKeyRequests", counted.windowStart).end;
  return {
    limit,
    remaining: Math.max(limit - counted.count, 0),
    resetMs: Math.max(end.getTime() - deps.clock.now().getTime(), 0),
    allowed: counted.count <= limit,
  };
}
