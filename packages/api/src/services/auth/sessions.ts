import { hash } from "node:crypto";
import { DAY_MS, HOUR_MS, IMPERSONATION_TTL_MS } from "@market/contracts";
import { alias, and, type Db, eq, ne, or, sessions, users } from "@market/db";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { Clock } from "../../clock";
import type { Viewer } from "../../viewer";
import { auditAdminAction } from "../admin/audit";
import { announceSessionsEnded } from "../notifications/session-ended";
import type { SessionCache } from "./session-cache";

/** A session ends after this long without use. */
export const SESSION_INACTIVITY_MS = 30 * DAY_MS;
/** last_verified_at is written at most this often, so reads stay reads. */
export const SESSION_REFRESH_MS = HOUR_MS;
/** contracts' IMPERSONATION_TTL_MS (30 minutes), re-exported where the sessions are made. */
export { IMPERSONATION_TTL_MS };

function randomSecret(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return encodeBase32LowerCaseNoPadding(buffer);
}

// node:crypto's native SHA-256: every signed-in request hashes its token (the JavaScript one was 1-2 % of a
// request's CPU in the load bench's profile).
// crypto.hash: one call, half the CPU of a createHash object (every request hashes its session's secret).
const hashSecret = (secret: string) => new Uint8Array(hash("sha256", secret, "buffer"));

/** `id.secret`: the id finds the row, the 32-byte secret proves possession. */
export function generateSessionToken(): { id: string; secret: string; token: string } {
  const id = randomSecret(15);
  const secret = randomSecret(32);
  return { id, secret, token: `${id}.${secret}` };
}

export async function createSession(
  db: Db,
  clock: Clock,
  userId: number,
  impersonatorId: number | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const { id, secret, token } = generateSessionToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + (impersonatorId === null ? SESSION_INACTIVITY_MS : IMPERSONATION_TTL_MS));
  await db.insert(sessions).values({
    id,
    secretHash: hashSecret(secret),
    userId,
    impersonatorId,
    createdAt: now,
    lastVerifiedAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The admin behind an impersonation session. */
const impersonator = alias(users, "impersonator");

/**
 * The viewer a token stands for, or null when it is malformed, unknown, forged or expired, or when it is an
 * impersonation whose admin is no longer one. With a cache, a session this instance validated moments ago is
 * answered from it (session-cache.ts says why that stays correct), as long as its hourly refresh is not due.
 */
export async function validateSessionToken(
  db: Db,
  clock: Clock,
  token: string,
  cache?: SessionCache,
): Promise<Viewer | null> {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 128) return null;
  const secretHash = hashSecret(secret);
  const cached = cache?.get(id);
  if (
    cached &&
    constantTimeEqual(secretHash, cached.secretHash) &&
    clock.now().getTime() - cached.lastVerifiedAt.getTime() < SESSION_REFRESH_MS
  ) {
    return cached.viewer;
  }
  const [row] = await db
    .select({
      sessionId: sessions.id,
      secretHash: sessions.secretHash,
      createdAt: sessions.createdAt,
      lastVerifiedAt: sessions.lastVerifiedAt,
      impersonatorId: sessions.impersonatorId,
      impersonatorIsAdmin: impersonator.isAdmin,
      userId: users.id,
      kind: users.kind,
      username: users.username,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonator, eq(impersonator.id, sessions.impersonatorId))
    .where(eq(sessions.id, id))
    .limit(1);
  const storedHash = row ? new Uint8Array(row.secretHash) : null;
  if (!row || !storedHash || !constantTimeEqual(secretHash, storedHash)) return null;

  // An impersonation lasts only while its admin still is one: withdrawn rights end it at the next request.
  if (row.impersonatorId !== null && row.impersonatorIsAdmin !== true) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }

  const now = clock.now();
  const idleMs = now.getTime() - row.lastVerifiedAt.getTime();
  const impersonationOver =
    row.impersonatorId !== null && now.getTime() - row.createdAt.getTime() >= IMPERSONATION_TTL_MS;
  if (impersonationOver) {
    await endExpiredImpersonation(db, {
      id,
      userId: row.userId,
      impersonatorId: row.impersonatorId as number,
      createdAt: row.createdAt,
    });
    return null;
  }
  if (idleMs >= SESSION_INACTIVITY_MS) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  // An impersonation's end is fixed at its start: nothing to slide forward.
  const refreshed = row.impersonatorId === null && idleMs >= SESSION_REFRESH_MS;
  if (refreshed) {
    await db
      .update(sessions)
      .set({ lastVerifiedAt: now, expiresAt: new Date(now.getTime() + SESSION_INACTIVITY_MS) })
      .where(eq(sessions.id, id));
  }
  const viewer: Viewer = {
    sessionId: row.sessionId,
    userId: row.userId,
    kind: row.kind,
    username: row.username,
    impersonatorId: row.impersonatorId,
  };
  // An impersonation is never kept: it lasts only while its admin is one, decided on the row at every request.
  if (row.impersonatorId === null) {
    cache?.set(id, { secretHash: storedHash, lastVerifiedAt: refreshed ? now : row.lastVerifiedAt, viewer });
  }
  return viewer;
}

/**
 * An impersonation past its 30 minutes, met at its next request before the sweep (impersonation-expiry.ts) ended
 * it: the session goes and the audit log records the end as stop_impersonating with `expired: true` at the time it
 * ended, its start plus the limit, as the sweep does (issue 36). Only the one whose delete removed the row writes
 * it (this request, another one, or the sweep), so the end is recorded once.
 */
async function endExpiredImpersonation(
  db: Db,
  session: { id: string; userId: number; impersonatorId: number; createdAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx.delete(sessions).where(eq(sessions.id, session.id)).returning({ id: sessions.id });
    if (ended.length === 0) return;
    await auditAdminAction(tx, {
      adminId: session.impersonatorId,
      impersonatedUserId: session.userId,
      action: "stop_impersonating",
      targetType: "user",
      targetId: session.userId,
      details: { expired: true },
      at: new Date(session.createdAt.getTime() + IMPERSONATION_TTL_MS),
    });
  });
}

/** Ends one session (logout); every instance closes the live-notification sockets opened with it. */
export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, sessionId));
    await announceSessionsEnded(tx, [sessionId]);
  });
}

/**
 * Ends every session of a user, their own and those of admins acting as them, plus the impersonation
 * sessions the user opened as an admin; `exceptSessionId` survives (the session changing the password).
 */
export async function endUserSessions(db: Db, userId: number, exceptSessionId?: string): Promise<void> {
  const ofUser = or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId));
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(exceptSessionId ? and(ofUser, ne(sessions.id, exceptSessionId)) : ofUser)
      .returning({ id: sessions.id });
    await announceSessionsEnded(
      tx,
      ended.map((session) => session.id),
    );
  });
}
