import { type ChannelListener, channelListenerOf, type Db } from "@market/db";
import type { Viewer } from "../../viewer";
import { SESSION_ENDED_CHANNEL } from "../notifications/channels";

/**
 * A few seconds' memory of validated sessions, per instance (ApiDeps.sessionCache), so that a request does not
 * read its session from the database when the same session was read moments ago: a page load sends several
 * requests, and every one of them read the session, the user and the impersonating admin (issue 17).
 *
 * It stays correct across instances because a session only ever ends by announceSessionsEnded (logout, login or
 * sign-up over a session, a password change or reset, the start or end of an impersonation), which NOTIFYs
 * `session_ended` at commit:
 * - every instance LISTENs to it and forgets the session, and keeps a tombstone of it for the TTL, so that a read
 *   that began before the commit cannot cache it again;
 * - the ending process forgets it at once (forgetEndedSessions), before its commit and so before its answer: the
 *   user's next request, on this instance, never races the NOTIFY;
 * - until this instance listens, and again from the moment a lost LISTEN is re-established (NOTIFYs sent
 *   meanwhile are gone), it starts empty; while a lost connection is down, what it holds lives the TTL at most.
 * What it keeps for a session is checked as the database row would be: the secret's hash in constant time, and
 * the session's last verification (an entry stops serving once the hourly refresh is due, so the refresh and the
 * inactivity expiry are decided on the row). Impersonation sessions are never kept (validateSessionToken): one
 * lasts only while its admin is one, which is read from the row at every request.
 */
export interface SessionCache {
  /** The session as this instance validated it within the TTL, unless it ended meanwhile. */
  get(sessionId: string): CachedSession | undefined;
  /** Remembers a session read from the database (no-op for a tombstoned one, or while not listening). */
  set(sessionId: string, session: CachedSession): void;
  /** Forgets sessions that ended, and keeps them from being cached again for the TTL. */
  forget(sessionIds: readonly string[]): void;
  /** Resolves once it listens (it serves nothing before). */
  ready(): Promise<void>;
  close(): Promise<void>;
  /** How many sessions it holds now (tests). */
  size(): number;
}

export interface CachedSession {
  secretHash: Uint8Array;
  lastVerifiedAt: Date;
  viewer: Viewer;
}

export const SESSION_CACHE_TTL_MS = 10_000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  session: CachedSession;
  /** Monotonic time it was read from the database. */
  readAt: number;
}

/** Every session cache of this process, so that ending a session here forgets it in each at once. */
const caches = new Set<SessionCache>();

/** Called by announceSessionsEnded in the ending transaction: every cache of this process forgets the sessions. */
export function forgetEndedSessions(sessionIds: readonly string[]): void {
  for (const cache of caches) cache.forget(sessionIds);
}

export function createSessionCache({
  db,
  listener = channelListenerOf(db),
  ttlMs = SESSION_CACHE_TTL_MS,
  maxEntries = SESSION_CACHE_MAX_ENTRIES,
  monotonic = () => performance.now(),
  onError = () => {},
}: {
  db: Db;
  listener?: ChannelListener;
  ttlMs?: number;
  maxEntries?: number;
  monotonic?: () => number;
  onError?: (error: unknown) => void;
}): SessionCache {
  const entries = new Map<string, Entry>();
  /** Sessions that ended: monotonic time until which they are not cached. */
  const tombstones = new Map<string, number>();
  let listening = false;
  let closed = false;

  const buried = (sessionId: string) => {
    const until = tombstones.get(sessionId);
    if (until === undefined) return false;
    if (until > monotonic()) return true;
    tombstones.delete(sessionId);
    return false;
  };
  // Maps keep insertion order: the first keys are the oldest, dropped first past the bound.
  const bound = (map: Map<string, unknown>) => {
    for (const key of map.keys()) {
      if (map.size <= maxEntries) break;
      map.delete(key);
    }
  };

  const cache: SessionCache = {
    get(sessionId) {
      if (!listening) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (monotonic() - entry.readAt >= ttlMs || buried(sessionId)) {
        entries.delete(sessionId);
        return undefined;
      }
      return entry.session;
    },
    set(sessionId, session) {
      if (!listening || closed || buried(sessionId)) return;
      entries.delete(sessionId);
      entries.set(sessionId, { session, readAt: monotonic() });
      bound(entries);
    },
    forget(sessionIds) {
      const until = monotonic() + ttlMs;
      for (const sessionId of sessionIds) {
        entries.delete(sessionId);
        tombstones.delete(sessionId);
        tombstones.set(sessionId, until);
      }
      bound(tombstones);
    },
    ready: () => started,
    async close() {
      closed = true;
      listening = false;
      entries.clear();
      caches.delete(cache);
      const stop = await started.then(
        () => stopListening,
        () => undefined,
      );
      // The database may be closed first (its handle closes with the app too): then there is no LISTEN to end.
      await stop?.().catch(() => {});
    },
    size: () => entries.size,
  };

  let stopListening: (() => Promise<void>) | undefined;
  const started = listener
    .listen(
      SESSION_ENDED_CHANNEL,
      (sessionId) => cache.forget([sessionId]),
      () => {
        // First listen, or back after a lost connection: what was cached may have ended unheard.
        entries.clear();
        listening = !closed;
      },
    )
    .then((stop) => {
      stopListening = stop;
    });
  started.catch(onError);
  caches.add(cache);
  return cache;
}
