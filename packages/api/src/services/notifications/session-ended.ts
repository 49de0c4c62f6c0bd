import { sql, type Tx } from "@market/db";
import { forgetEndedSessions } from "../auth/session-cache";
import { SESSION_ENDED_CHANNEL } from "./channels";

/**
 * Tells every instance, at commit, that these sessions ended, so the live-notification sockets opened with them
 * close at once rather than at the next check (session-watch.ts) and the session caches forget them; this
 * process's caches forget them now, before the commit (session-cache.ts). The one way a session ends.
 */
export async function announceSessionsEnded(tx: Tx, sessionIds: string[]): Promise<void> {
  forgetEndedSessions(sessionIds);
  for (const sessionId of sessionIds) {
    await tx.execute(sql`select pg_notify(${SESSION_ENDED_CHANNEL}, ${sessionId})`);
  }
}
