import type { Db } from "@market/db";
import { type Clock, systemClock } from "../clock";
import { noSessionCookie, type SessionCookie } from "../context";
import { createCaller } from "../root";
import { createSession, validateSessionToken } from "../services/auth/sessions";

export type TestCaller = ReturnType<typeof createCaller>;

/** A caller as a visitor (no user), or as the given user through a real session. */
export async function callerFor(
  db: Db,
  as: { userId: number; impersonatorId?: number } | null = null,
  clock: Clock = systemClock,
  sessionCookie: SessionCookie = noSessionCookie,
): Promise<TestCaller> {
  let viewer = null;
  if (as) {
    const { token } = await createSession(db, clock, as.userId, as.impersonatorId ?? null);
    viewer = await validateSessionToken(db, clock, token);
  }
  return createCaller({ db, clock, viewer, requestId: "test", ip: "127.0.0.1", sessionCookie });
}
