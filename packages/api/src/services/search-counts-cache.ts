import type { Clock } from "../clock";

/**
 * A short-lived, bounded, in-process cache of the searches' counts (ApiDeps.searchCounts): the deal search's counts
 * per category (keys "deals:...") and the influencer search's bounded count (keys "influencers:..."). Counts depend
 * on the filters, not on who searches, the page or the sort, so everyone searching the same shape within a few
 * seconds shares one count instead of each walking every match (every open deal, or up to 10,001 profiles).
 *
 * - An entry lives `ttlMs` at most, measured twice: on a monotonic timer (a fixed test clock never ages it) and on
 *   the service clock (a clock moved by the browser tests' time travel drops it): a count is never older than that.
 * - At most `maxEntries` keys, the least recently used evicted first: any number of filter shapes stays bounded.
 * - Concurrent misses of one key share one load; a failed load is not kept, the next call loads again.
 * Only a cache: each instance keeps its own, none is ever written back, so several instances stay correct.
 */
export interface SearchCountsCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** How many keys it holds now (for tests and the bench). */
  size(): number;
}

export const SEARCH_COUNTS_TTL_MS = 3_000;
export const SEARCH_COUNTS_MAX_ENTRIES = 500;

interface Entry {
  value: Promise<unknown>;
  /** Monotonic time of the load's start. */
  loadedAt: number;
  /** Service clock time of the load's start. */
  clockAt: number;
}

export function createSearchCountsCache({
  clock,
  ttlMs = SEARCH_COUNTS_TTL_MS,
  maxEntries = SEARCH_COUNTS_MAX_ENTRIES,
  monotonic = () => performance.now(),
}: {
  clock: Clock;
  ttlMs?: number;
  maxEntries?: number;
  monotonic?: () => number;
}): SearchCountsCache {
  const entries = new Map<string, Entry>();
  const fresh = (entry: Entry) =>
    monotonic() - entry.loadedAt < ttlMs && Math.abs(clock.now().getTime() - entry.clockAt) < ttlMs;

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const found = entries.get(key);
      entries.delete(key);
      if (found && fresh(found)) {
        entries.set(key, found); // most recently used: last in the Map's order
        return found.value as Promise<T>;
      }
      // An async wrapper: a real Promise even from a thenable query builder, and a throw becomes a rejection.
      const entry: Entry = { value: (async () => load())(), loadedAt: monotonic(), clockAt: clock.now().getTime() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return entry.value as Promise<T>;
    },
    size: () => entries.size,
  };
}
