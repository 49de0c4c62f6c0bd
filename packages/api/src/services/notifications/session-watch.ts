import { SECOND_MS } from "@market/contracts";
import { alias, and, apiKeys, type Db, eq, gt, inArray, isNull, or, sessions, users } from "@market/db";
import type { Clock } from "../../clock";
import { keyState } from "../api-keys/api-key-json";
import { keyIdOfSession, keySessionId } from "../api-keys/key-session";

/**
 * How often the sessions behind open sockets are checked: what no NOTIFY announces (an expiry, an admin's rights
 * withdrawn, a session_ended sent while this instance's LISTEN was down) closes a socket within this time.
 */
export const SESSION_CHECK_MS = 15 * SECOND_MS;

/**
 * The sessions an instance's sockets stand on, each with the callbacks that close them when it ends; a socket
 * opened with an API key stands on the key (api-keys/key-session.ts), which ends when revoked or expired.
 */
export interface SessionWatch {
  watch(sessionId: string, end: () => void): () => void;
  /** A session_ended NOTIFY: ends its sockets at once. */
  ended(sessionId: string): void;
  /** Checks every watched session against the table now. */
  checkNow(): Promise<void>;
  close(): void;
}

const impersonator = alias(users, "impersonator");

export function sessionWatch(deps: { db: Db; clock: Clock }): SessionWatch {
  const watched = new Map<string, Set<() => void>>();
  let timer: ReturnType<typeof setInterval> | undefined;

  const ended = (sessionId: string) => {
    const ends = watched.get(sessionId);
    if (!ends) return;
    watched.delete(sessionId);
    for (const end of ends) end();
  };

  // The rule of validateSessionToken, for many sessions in one query: alive, and an impersonation only while its
  // admin still is one.
  const checkNow = async () => {
    const ids: string[] = [];
    const keyIds: number[] = [];
    for (const id of watched.keys()) {
      const keyId = keyIdOfSession(id);
      if (keyId === null) ids.push(id);
      else keyIds.push(keyId);
    }
    await Promise.all([checkSessions(ids), checkKeys(keyIds)]);
  };

  const checkSessions = async (ids: string[]) => {
    if (ids.length === 0) return;
    const alive = await deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .leftJoin(impersonator, eq(impersonator.id, sessions.impersonatorId))
      .where(
        and(
          inArray(sessions.id, ids),
          gt(sessions.expiresAt, deps.clock.now()),
          or(isNull(sessions.impersonatorId), eq(impersonator.isAdmin, true)),
        ),
      );
    const aliveIds = new Set(alive.map((row) => row.id));
    for (const id of ids) if (!aliveIds.has(id)) ended(id);
  };

  // The rule of authenticateApiKey: neither revoked nor expired (a roll's end included), and its owner no admin.
  const checkKeys = async (keyIds: number[]) => {
    if (keyIds.length === 0) return;
    const rows = await deps.db
      .select({
        id: apiKeys.id,
        expiresAt: apiKeys.expiresAt,
        rollExpiresAt: apiKeys.rollExpiresAt,
        revokedAt: apiKeys.revokedAt,
        isAdmin: users.isAdmin,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(inArray(apiKeys.id, keyIds));
    const now = deps.clock.now();
    const aliveIds = new Set(
      rows.filter((row) => !row.isAdmin && keyState(row, now) === "active").map((row) => row.id),
    );
    for (const keyId of keyIds) if (!aliveIds.has(keyId)) ended(keySessionId(keyId));
  };

  const startTimer = () => {
    if (timer) return;
    timer = setInterval(() => void checkNow().catch(() => {}), SESSION_CHECK_MS);
    timer.unref();
  };
  const stopTimerWhenIdle = () => {
    if (watched.size > 0 || !timer) return;
    clearInterval(timer);
    timer = undefined;
  };

  return {
    watch(sessionId, end) {
      let ends = watched.get(sessionId);
      if (!ends) {
        ends = new Set();
        watched.set(sessionId, ends);
      }
      ends.add(end);
      startTimer();
      return () => {
        const current = watched.get(sessionId);
        current?.delete(end);
        if (current?.size === 0) watched.delete(sessionId);
        stopTimerWhenIdle();
      };
    },
    ended(sessionId) {
      ended(sessionId);
      stopTimerWhenIdle();
    },
    checkNow: async () => {
      await checkNow();
      stopTimerWhenIdle();
    },
    close() {
      watched.clear();
      stopTimerWhenIdle();
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
