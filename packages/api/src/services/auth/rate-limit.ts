import { HOUR_MS, MINUTE_MS } from "@market/contracts";
import { type Db, rateLimitBuckets, sql } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";

export interface RateLimit {
  /** Attempts allowed per window; the next one is refused. */
  limit: number;
  windowMs: number;
}

/** Every throttle of the accounts slice, in one place. */
export const RATE_LIMITS = {
  loginPerAccount: { limit: 10, windowMs: 15 * MINUTE_MS },
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE_MS },
  signupPerIp: { limit: 10, windowMs: HOUR_MS },
  resetRequestPerEmail: { limit: 5, windowMs: HOUR_MS },
  resetRequestPerIp: { limit: 20, windowMs: HOUR_MS },
  resetConfirmPerIp: { limit: 20, windowMs: HOUR_MS },
  changePasswordPerUser: { limit: 10, windowMs: 15 * MINUTE_MS },
  /** A payout asks for the password: guessing it is throttled like the login. */
  payoutPasswordPerUser: { limit: 10, windowMs: 15 * MINUTE_MS },
  /** Help questions go to a human mailbox: a burst is abuse, not support. */
  helpPerUser: { limit: 10, windowMs: HOUR_MS },
  /** The checkout's password guards the saved card as the login's guards the account. */
  checkoutPasswordPerUser: { limit: 10, windowMs: 15 * MINUTE_MS },
  /** Each sandbox card token is a row; a checkout needs one or two. */
  sandboxTokensPerUser: { limit: 60, windowMs: HOUR_MS },
  /** Far above a person typing in a chat; a script flooding the other party (each message notifies them) is stopped. */
  chatMessagesPerUser: { limit: 30, windowMs: MINUTE_MS },
  /** Each chat file is up to 4 MB stored on disk and a notification: a few dozen an hour is generous. */
  chatFilesPerUser: { limit: 30, windowMs: HOUR_MS },
  /** Each network linking step, refresh or Instagram code calls a provider for the influencer. */
  networkCallsPerUser: { limit: 60, windowMs: HOUR_MS },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimitDeps {
  db: Db;
  clock: Clock;
  /** Multiplies every limit (RATE_LIMIT_SCALE); 1 unless configured. */
  rateLimitScale?: number | undefined;
}

/**
 * Counts one attempt in a fixed window shared by every instance: one row per key and window, upserted, so
 * the table grows with distinct keys, never with requests. Returns whether the attempt is within the limit.
 */
export async function countAttempt(deps: RateLimitDeps, name: RateLimitName, subject: string): Promise<boolean> {
  const { limit, windowMs } = RATE_LIMITS[name];
  const now = deps.clock.now().getTime();
  const windowStart = new Date(now - (now % windowMs));
  const [row] = await deps.db
    .insert(rateLimitBuckets)
    .values({ key: `${name}:${subject}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
      set: { count: sql`${rateLimitBuckets.count} + 1` },
    })
    .returning({ count: rateLimitBuckets.count });
  return (row?.count ?? 0) <= Math.floor(limit * (deps.rateLimitScale ?? 1));
}

/**
 * Counts the attempt against every given limit (all of them, so a refused attempt still counts everywhere)
 * and refuses it with `rate_limited` when any is exceeded.
 */
export async function throttle(
  deps: RateLimitDeps,
  limits: readonly (readonly [RateLimitName, string])[],
): Promise<void> {
  const results = await Promise.all(limits.map(([name, subject]) => countAttempt(deps, name, subject)));
  if (results.includes(false)) fail("TOO_MANY_REQUESTS", "rate_limited");
}
