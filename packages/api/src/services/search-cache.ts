import type { Clock } from "../clock";

/**
 * A short-lived, bounded, in-process cache of what the searches read from the database, for everyone searching the
 * same thing within a few seconds. The server keeps two (ApiDeps): `searchCounts`, the counts of a filter shape (the
 * deal search's counts per category, keys "deals:...", and the influencer search's bounded count, keys
 * "influencers:..."), which depend on the filters only, not on the page or the sort; and `searchPages`, a page of
 * each search as the database gave it. Neither depends on who searches.
 *
 * - Every instance forgets both at once when a search's tables change (services/search-changes.ts: a NOTIFY
 *   `search_changed` sent by triggers at commit, and this instance's own writes before they are answered), so a
 *   search never shows less than what its user just wrote.
 * - An entry lives `ttlMs` at most, measured twice: on a monotonic timer (a fixed test clock never ages it) and on
 *   the service clock (a clock moved by the browser tests' time travel drops it). That bounds what time alone
 *   changes (a deal past its deadline stays listed that long at most), and what a lost LISTEN lets through.
 * - At most `maxEntries` keys, the least recently used evicted first: any number of filter shapes stays bounded.
 * - Concurrent misses of one key share one load; a failed load is not kept, the next call loads again.
 * Only a cache: each instance keeps its own, none is ever written back, so several instances stay correct.
 */
export interface SearchCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Drops every entry, loads in flight included: a caller after this waits on a load of its own, which starts
   * after the write that made the call, so it sees it.
   */
  forget(): void;
  /** How many keys it holds now (for tests and the bench). */
  size(): number;
}

export const SEARCH_CACHE_TTL_MS = 3_000;
export const SEARCH_CACHE_MAX_ENTRIES = 500;

interface Entry {
  value: Promise<unknown>;
  /** Monotonic time of the load's start. */
  loadedAt: number;
  /** Service clock time of the load's start. */
  clockAt: number;
}

export function createSearchCache({
  clock,
  ttlMs = SEARCH_CACHE_TTL_MS,
  maxEntries = SEARCH_CACHE_MAX_ENTRIES,
  monotonic = () => performance.now(),
}: {
  clock: Clock;
  ttlMs?: number;
  maxEntries?: number;
  monotonic?: () => number;
}): SearchCache {
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
    forget: () => entries.clear(),
    size: () => entries.size,
  };
}
