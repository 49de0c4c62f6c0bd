import { channelListenerOf } from "@market/db";
import { statementCounter, type TestDb } from "@market/db/testing";
import type { Clock } from "../clock";
import { createUserReadsCache } from "../services/user-reads-cache";
import { watchReadsChanges } from "../services/user-reads-changes";
import type { Viewer } from "../viewer";
import { notifyBarrier } from "./notify-barrier";

/**
 * The services' reads through a user reads cache as the server keeps one (watching reads_changed), over a handle
 * that counts statements: `deps()` for the services, `statementsOf` what a read sent, `barrier()` until the NOTIFYs
 * of what was committed before have arrived. `close()` ends its LISTENs.
 */
export async function userReadsBench(testDb: TestDb, clock: Clock, channel: string) {
  const counting = statementCounter(testDb.handle);
  const cache = createUserReadsCache({ clock });
  const listener = channelListenerOf(testDb.db);
  const changes = watchReadsChanges({ listener, cache });
  await changes.ready();
  const { barrier, stop } = await notifyBarrier(testDb.db, listener, channel);
  return {
    cache,
    barrier,
    deps: () => ({ db: counting.db, clock, userReads: cache }),
    /** A read's answer and the statements it sent. */
    async counted<T>(read: () => Promise<T>): Promise<{ answer: T; statements: number }> {
      counting.reset();
      const answer = await read();
      return { answer, statements: counting.statements() };
    },
    async close() {
      await stop();
      await changes.close();
    },
  };
}

/** A session's viewer of this user, for calling services directly. */
export const viewerOf = (userId: number, kind: Viewer["kind"]): Viewer => ({
  sessionId: "s",
  userId,
  kind,
  username: "u",
  impersonatorId: null,
});
