import { API_KEY_REQUESTS_PER_MINUTE, DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from "@market/contracts";
import { and, type Db, eq, type Placeholders, preparedQuery, rateLimitBuckets, sql } from "@market/db";
import type { Clock } from "../../clock";
import { failRateLimited } from "../../errors";

export interface RateLimit {
  /** Attempts allowed per window; the next one is refused. */
  limit: number;
  windowMs: number;
  /**
   * Growing delays instead of a refusal for the rest of the window: past the limit, an attempt is let through once
   * this long has passed since the last counted one, twice as long after the next, and so on (tallyIfDue).
   */
  firstDelayMs?: number;
}

/** How long a network stays its owner's own after their last sign-in from it (login-sources.ts). */
export const KNOWN_SOURCE_MAX_AGE_MS = 30 * DAY_MS;

/** The window in which an account's wrong passwords add up to an attack, and its owner is mailed once. */
const LOGIN_ATTACK_WINDOW_MS = DAY_MS;

/** Every throttle of the accounts slice, in one place. */
export const RATE_LIMITS = {
  /**
   * Every login from one address, right or wrong: each costs a password hash, and one address trying many accounts
   * stops here. Only someone behind the same address shares it.
   */
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE_MS },
  /**
   * Wrong passwords for one account from one network (login-sources.ts), then growing delays for that network
   * only: an owner who mistypes waits a minute, a guesser nearby gets a few tries an hour, nobody else notices.
   */
  loginFailuresPerSource: { limit: 5, windowMs: HOUR_MS, firstDelayMs: MINUTE_MS },
  /**
   * Wrong passwords for one account from anywhere. Past the limit the account is under attack: networks its owner
   * has not signed in from lately get growing delays (a few dozen guesses a day in all), the owner's own networks
   * none, and the owner is mailed (loginAlertPerAccount).
   */
  loginFailuresPerAccount: { limit: 10, windowMs: LOGIN_ATTACK_WINDOW_MS, firstDelayMs: SECOND_MS },
  /** The mail telling an owner that their account is under attack: the first attack of a window only (limit 1). */
  loginAlertPerAccount: { limit: 1, windowMs: LOGIN_ATTACK_WINDOW_MS },
  signupPerIp: { limit: 10, windowMs: HOUR_MS },
  /**
   * Sign-ups refused as email_taken: each tells whether an email has an account, so one address learns it about a
   * few emails an hour. Past it, every sign-up from there is refused, so the refusal itself tells nothing.
   */
  signupEmailTakenPerIp: { limit: 5, windowMs: HOUR_MS },
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
  /** Every request of one API key (issue 39), each key its own window: its answers' RateLimit-* headers tell it. */
  apiKeyRequests: { limit: API_KEY_REQUESTS_PER_MINUTE, windowMs: MINUTE_MS },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The limits with growing delays. */
export type DelayedLimitName = {
  [Name in RateLimitName]: (typeof RATE_LIMITS)[Name] extends { firstDelayMs: number } ? Name : never;
}[RateLimitName];

export interface RateLimitDeps {
  db: Db;
  clock: Clock;
  /** Multiplies every limit (RATE_LIMIT_SCALE); 1 unless configured. */
  rateLimitScale?: number | undefined;
}

/** One attempt counted in its window's bucket: the bucket's count with it, and where to give it back. */
export interface Counted {
  key: string;
  windowStart: Date;
  count: number;
}

/** The attempts a limit allows per window, scaled. */
export const allowedBy = (deps: RateLimitDeps, name: RateLimitName) =>
  Math.floor(RATE_LIMITS[name].limit * (deps.rateLimitScale ?? 1));

export function windowOf(name: RateLimitName, now: Date): { start: Date; end: Date } {
  const { windowMs } = RATE_LIMITS[name];
  const start = now.getTime() - (now.getTime() % windowMs);
  return { start: new Date(start), end: new Date(start + windowMs) };
}

/**
 * Counts one attempt in a fixed window shared by every instance: one row per key and window, upserted, so
 * the table grows with distinct keys, never with requests. Returns the count with this attempt.
 */
export async function tally(deps: RateLimitDeps, name: RateLimitName, subject: string): Promise<Counted> {
  const now = deps.clock.now();
  const key = `${name}:${subject}`;
  const windowStart = windowOf(name, now).start;
  const [row] = await countInBucket(deps.db, { key, windowStart, now });
  return { key, windowStart, count: row?.count ?? 0 };
}

/** tally's upsert, built once per database handle rather than by drizzle on every attempt. */
const countInBucket = preparedQuery(
  "rate_limit_tally",
  (db, v: Placeholders<{ key: string; windowStart: Date; now: Date }>) =>
    db
      .insert(rateLimitBuckets)
      // The instants as SQL: a placeholder bound to a column is encoded by the column (a Date), and preparedQuery
      // sends a Date as ISO text.
      .values({
        key: v.key,
        windowStart: sql`${v.windowStart}::timestamptz`,
        count: 1,
        lastAt: sql`${v.now}::timestamptz`,
      })
      .onConflictDoUpdate({
        target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
        set: { count: sql`${rateLimitBuckets.count} + 1`, lastAt: sql`${v.now}::timestamptz` },
      })
      .returning({ count: rateLimitBuckets.count }),
);

/**
 * When a counted attempt is past its limit: how long until its window ends (what `rate_limited` tells to wait),
 * else null.
 */
export function refusalOf(deps: RateLimitDeps, name: RateLimitName, counted: Counted): number | null {
  if (counted.count <= allowedBy(deps, name)) return null;
  return windowOf(name, counted.windowStart).end.getTime() - deps.clock.now().getTime();
}

/** Counts one attempt (tally) and returns whether it is within the limit. */
export async function countAttempt(deps: RateLimitDeps, name: RateLimitName, subject: string): Promise<boolean> {
  return (await tally(deps, name, subject)).count <= allowedBy(deps, name);
}

/**
 * Counts the attempt against every given limit (all of them, so a refused attempt still counts everywhere)
 * and refuses it with `rate_limited` when any is exceeded, until the last of those windows ends. Answers the
 * counted attempts, in the order of the limits.
 */
export async function throttle<const Limits extends readonly (readonly [RateLimitName, string])[]>(
  deps: RateLimitDeps,
  limits: Limits,
): Promise<{ [I in keyof Limits]: Counted }> {
  const now = deps.clock.now();
  const counted = await Promise.all(limits.map(([name, subject]) => tally(deps, name, subject)));
  const ends = limits.flatMap(([name], i) =>
    (counted[i]?.count ?? 0) > allowedBy(deps, name) ? [windowOf(name, now).end.getTime()] : [],
  );
  if (ends.length > 0) failRateLimited(Math.max(...ends) - now.getTime());
  // Promise.all over map() loses the tuple's length; it is the limits' one.
  return counted as { [I in keyof Limits]: Counted };
}

/**
 * The SQL of when a bucket of a limit with growing delays lets the next attempt through: its last counted attempt
 * plus firstDelayMs, doubled for each attempt it holds past the limit (capped so the power stays finite: 2^30
 * delays outlast any window).
 */
function dueAt(deps: RateLimitDeps, name: DelayedLimitName) {
  const { count, lastAt, windowStart } = rateLimitBuckets;
  const past = sql`least(greatest(${count} - ${allowedBy(deps, name)}, 0), 30)`;
  return sql<Date>`coalesce(${lastAt}, ${windowStart})
    + ${RATE_LIMITS[name].firstDelayMs} * power(2, ${past}) * interval '1 millisecond'`.mapWith(lastAt);
}

/**
 * Counts the attempt against a limit with growing delays if it is due: within the limit, or once its delay has
 * passed. One upsert decides (Postgres evaluates its WHERE on the locked row), so attempts arriving together cannot
 * pass on the same wait. Answers the counted attempt, or how long to wait: until it is due, or until the window
 * ends if sooner, as a new window starts afresh.
 */
export async function tallyIfDue(
  deps: RateLimitDeps,
  name: DelayedLimitName,
  subject: string,
): Promise<{ counted: Counted } | { retryAfterMs: number }> {
  const now = deps.clock.now();
  const key = `${name}:${subject}`;
  const window = windowOf(name, now);
  const { count } = rateLimitBuckets;
  const [row] = await deps.db
    .insert(rateLimitBuckets)
    .values({ key, windowStart: window.start, count: 1, lastAt: now })
    .onConflictDoUpdate({
      target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
      set: { count: sql`${count} + 1`, lastAt: now },
      setWhere: sql`${count} < ${allowedBy(deps, name)} or ${dueAt(deps, name)} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ count });
  if (row) return { counted: { key, windowStart: window.start, count: row.count } };

  const [bucket] = await deps.db
    .select({ dueAt: dueAt(deps, name) })
    .from(rateLimitBuckets)
    .where(and(eq(rateLimitBuckets.key, key), eq(rateLimitBuckets.windowStart, window.start)));
  const due = Math.min(bucket?.dueAt.getTime() ?? 0, window.end.getTime());
  return { retryAfterMs: Math.max(due - now.getTime(), 1) };
}

/** Takes back a counted attempt that turned out not to be one the limit counts (a right password). */
export async function giveBack(db: Db, counted: Counted): Promise<void> {
  await db
    .update(rateLimitBuckets)
    .set({ count: sql`greatest(${rateLimitBuckets.count} - 1, 0)` })
    .where(and(eq(rateLimitBuckets.key, counted.key), eq(rateLimitBuckets.windowStart, counted.windowStart)));
}
