import { IMPERSONATION_KINDS, type ImpersonateInput } from "@market/contracts";
import { type Db, eq, users } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { auditAdminAction } from "../admin/audit";
import { createSession, invalidateSession, type Viewer } from "./sessions";

/**
 * An admin, signed in as themselves, becomes the user: a new session for the user carries the admin as
 * impersonator, the admin's own session ends (the cookie is replaced), and the audit log records it. To anyone
 * else, and for an id that is not a user of that kind (or is an admin), the feature does not exist: NOT_FOUND.
 */
export async function impersonate(
  db: Db,
  clock: Clock,
  viewer: Viewer | null,
  target: ImpersonateInput,
): Promise<{ token: string; expiresAt: Date }> {
  if (!viewer || viewer.impersonatorId !== null) fail("NOT_FOUND", "not_found");
  const [admin] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, viewer.userId)).limit(1);
  if (!admin?.isAdmin) fail("NOT_FOUND", "not_found");
  const [user] = await db
    .select({ id: users.id, kind: users.kind, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, target.id))
    .limit(1);
  if (!user || user.kind !== IMPERSONATION_KINDS[target.u] || user.isAdmin) fail("NOT_FOUND", "not_found");

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
