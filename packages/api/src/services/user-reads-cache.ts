import type { Clock } from "../clock";
import { shareAnswer } from "../shared-answer";

/**
 * An instance's memory of what a user's own screens read from the database (their application lists, a campaign's
 * applicants), so that a screen asked for again (a refocused window, a tab switched back, a list reopened) costs no
 * statement while nothing it read has changed. Unlike the search caches (search-cache.ts), an entry belongs to one
 * user and is forgotten precisely:
 *
 * - when a write names that user: triggers on the tables these reads read (drizzle/0034_reads_changed.sql) NOTIFY
 *   `reads_changed` with the ids of the users whose reads a row change touches, at commit, from any instance, a
 *   sweep or psql; every instance forgets those users' entries (user-reads-changes.ts). A change every user may
 *   read (a name, a campaign's title) sends `*`, and everything is forgotten;
 * - the writer's own, by the procedure that wrote, before it answers (trpc.ts; a seen mark over the socket by
 *   mark-seen.ts): the NOTIFY arrives a moment after the commit, possibly after the writer's next read. The other
 *   users a write concerns learn of it by the NOTIFY, on this instance as on any other: a read of theirs in the
 *   millisecond between the answer and the NOTIFY may still show what was kept (a live notification about the
 *   write comes after it, on the same LISTEN connection);
 * - when time alone changes the answer: a load says when (`changesAt`, e.g. the next instant a WAITING application
 *   of the list reads as DENIED), and the entry is not used at or after it on the service clock;
 * - at the latest `ttlMs` after its load, on a monotonic timer and on the service clock (a clock moved by the
 *   browser tests' time travel drops it either way): what a lost LISTEN lets through is bounded by that.
 *
 * What is kept is what the database answered, not the answer: whatever depends on the request's `now` (a
 * proposal's time left, its effective status) is computed from it at each request. At most `maxEntries` keys, the
 * least recently used evicted first; concurrent misses of one key share one load; a failed load is not kept.
 */
export interface UserReadsCache {
  get<T>(userId: number, key: string, load: () => Promise<Timed<T>>): Promise<T>;
  /** Drops these users' entries, loads in flight included (a caller after this waits on a load of its own). */
  forgetUsers(userIds: Iterable<number>): void;
  /** Drops every entry, loads in flight included. */
  forget(): void;
  /** How many keys it holds now (for tests and the bench). */
  size(): number;
}

/** What a load read, and the first instant at which time alone would make it read otherwise (null: never). */
export interface Timed<T> {
  value: T;
  changesAt: Date | null;
}

export const USER_READS_TTL_MS = 30_000;
export const USER_READS_MAX_ENTRIES = 5_000;

interface Entry {
  userId: number;
  value: Promise<Timed<unknown>>;
  /** Monotonic time of the load's start. */
  loadedAt: number;
  /** Service clock time of the load's start. */
  clockAt: number;
  /** Service clock time from which the load's answer is out of date; until it is known, the TTL's end. */
  changesAt: number;
}

export function createUserReadsCache({
  clock,
  ttlMs = USER_READS_TTL_MS,
  maxEntries = USER_READS_MAX_ENTRIES,
  monotonic = () => performance.now(),
}: {
  clock: Clock;
  ttlMs?: number;
  maxEntries?: number;
  monotonic?: () => number;
}): UserReadsCache {
  /** In least recently used order; keys are `${userId} ${key}`. */
  const entries = new Map<string, Entry>();
  const keysOf = new Map<number, Set<string>>();

  const drop = (fullKey: string, entry: Entry) => {
    entries.delete(fullKey);
    const keys = keysOf.get(entry.userId);
    keys?.delete(fullKey);
    if (keys?.size === 0) keysOf.delete(entry.userId);
  };
  const fresh = (entry: Entry) => {
    const now = clock.now().getTime();
    return monotonic() - entry.loadedAt < ttlMs && now >= entry.clockAt && now < entry.changesAt;
  };

  return {
    async get<T>(userId: number, key: string, load: () => Promise<Timed<T>>): Promise<T> {
      const fullKey = `${userId} ${key}`;
      const found = entries.get(fullKey);
      if (found) {
        entries.delete(fullKey);
        if (fresh(found)) {
          entries.set(fullKey, found); // most recently used: last in the Map's order
          return ((await found.value) as Timed<T>).value;
        }
        drop(fullKey, found);
      }
      const clockAt = clock.now().getTime();
      // An async wrapper: a throw becomes a rejection, kept by no one.
      const entry: Entry = {
        userId,
        value: (async () => load())(),
        loadedAt: monotonic(),
        clockAt,
        changesAt: clockAt + ttlMs,
      };
      entries.set(fullKey, entry);
      const keys = keysOf.get(userId) ?? new Set<string>();
      keysOf.set(userId, keys.add(fullKey));
      for (const [oldestKey, oldest] of entries) {
        if (entries.size <= maxEntries) break;
        drop(oldestKey, oldest);
      }
      try {
        const timed = (await entry.value) as Timed<T>;
        if (timed.changesAt) entry.changesAt = Math.min(entry.changesAt, timed.changesAt.getTime());
        return timed.value;
      } catch (error) {
        if (entries.get(fullKey) === entry) drop(fullKey, entry);
        throw error;
      }
    },
    forgetUsers(userIds) {
      for (const userId of userIds) {
        for (const fullKey of keysOf.get(userId) ?? []) entries.delete(fullKey);
        keysOf.delete(userId);
      }
    },
    forget() {
      entries.clear();
      keysOf.clear();
    },
    size: () => entries.size,
  };
}

/** `load`'s value for `userId`, through `cache` when the server keeps one (without one, every call loads). */
export async function readThrough<T>(
  cache: UserReadsCache | undefined,
  userId: number,
  key: string,
  load: () => Promise<Timed<T>>,
): Promise<T> {
  return cache ? cache.get(userId, key, load) : (await load()).value;
}

/**
 * readThrough for an answer nothing in which depends on the time it is read: kept, it is shared frozen, so the
 * server writes its JSON once while it is kept (shared-answer.ts); without a cache it is the caller's own.
 */
export async function readShared<T>(
  cache: UserReadsCache | undefined,
  userId: number,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  if (!cache) return load();
  return cache.get(userId, key, async () => ({ value: shareAnswer(await load()), changesAt: null }));
}
