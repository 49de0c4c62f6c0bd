import { IMPERSONATION_KINDS, type ImpersonateInput, impersonateInput } from "@market/contracts";
import { type Db, eq, users } from "@market/db";
import type { Clock } from "../../clock";
import { fail, ReasonError } from "../../errors";
import type { Viewer } from "../../viewer";
import { auditAdminAction } from "../admin/audit";
import { createSession, invalidateSession } from "./sessions";

/** Why an admin's own link was refused: the admin is acting as a user already, the link is malformed, or no such user. */
export type ImpersonationRefusal =
  | { kind: "acting_as"; username: string }
  | { kind: "bad_link" }
  | { kind: "no_user"; target: ImpersonateInput };

/**
 * The cause of a refusal only an admin meets. Outside the server it is the plain not_found everyone gets (the
 * reason of a ReasonError); the admin login page reads `refusal` to tell the admin what went wrong.
 */
export class ImpersonationRefused extends ReasonError {
  constructor(readonly refusal: ImpersonationRefusal) {
    super("not_found");
    this.name = "ImpersonationRefused";
  }
}

function refuse(refusal: ImpersonationRefusal): never {
  throw new ImpersonationRefused(refusal);
}

/**
 * An admin, signed in as themselves, becomes the user: a new session for the user carries the admin as
 * impersonator, the admin's own session ends (the cookie is replaced), and the audit log records it. To anyone
 * else the feature does not exist: NOT_FOUND, whatever the query. The admin's own mistakes (acting as someone
 * already, a malformed query, an id that is not a user of that kind or is an admin) are NOT_FOUND as well, with
 * an ImpersonationRefused cause saying which. The query is read only once the caller is known to be an admin.
 */
export async function impersonate(
  db: Db,
  clock: Clock,
  viewer: Viewer | null,
  query: unknown,
): Promise<{ token: string; expiresAt: Date }> {
  if (!viewer) fail("not_found");
  // Only an admin holds an impersonation session (validateSessionToken ends it once they no longer are one).
  if (viewer.impersonatorId !== null) refuse({ kind: "acting_as", username: viewer.username });
  const [admin] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, viewer.userId)).limit(1);
  if (!admin?.isAdmin) fail("not_found");
  const parsed = impersonateInput.safeParse(query);
  if (!parsed.success) refuse({ kind: "bad_link" });
  const target = parsed.data;
  const [user] = await db
    .select({ id: users.id, kind: users.kind, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, target.id))
    .limit(1);
  if (!user || user.kind !== IMPERSONATION_KINDS[target.u] || user.isAdmin) refuse({ kind: "no_user", target });

  return beginImpersonation(db, clock, viewer, user, null);
}

/**
 * The admin's own session ends and one as the user begins, audited with the admin's reason (the console asks for
 * one; the spec's GET /admin/login link carries none). The caller has checked that the viewer is an admin in their
 * own session and that the user may be acted as (not an admin).
 */
export function beginImpersonation(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  user: { id: number; kind: string },
  reason: string | null,
): Promise<{ token: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    await invalidateSession(tx, viewer.sessionId);
    const session = await createSession(tx, clock, user.id, viewer.userId);
    await auditAdminAction(tx, {
      adminId: viewer.userId,
      impersonatedUserId: user.id,
      action: "impersonate",
      targetType: "user",
      targetId: user.id,
      details: { kind: user.kind },
      reason,
      at: clock.now(),
    });
    return session;
  });
}

/**
 * Ends an impersonation session and gives the admin a fresh session of their own, audited. An admin who lost
 * the flag meanwhile is simply signed out (null).
 */
export async function stopImpersonating(
  db: Db,
  clock: Clock,
  viewer: Viewer & { impersonatorId: number },
): Promise<{ token: string; expiresAt: Date } | null> {
  return db.transaction(async (tx) => {
    await invalidateSession(tx, viewer.sessionId);
    const [admin] = await tx
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, viewer.impersonatorId))
      .limit(1);
    if (!admin?.isAdmin) return null;
    await auditAdminAction(tx, {
      adminId: viewer.impersonatorId,
      impersonatedUserId: viewer.userId,
      action: "stop_impersonating",
      targetType: "user",
      targetId: viewer.userId,
      at: clock.now(),
    });
    return createSession(tx, clock, viewer.impersonatorId);
  });
}
