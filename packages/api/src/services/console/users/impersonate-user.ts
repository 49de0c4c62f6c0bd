import type { ImpersonateUserInput } from "@market/contracts";
import { type Db, eq, users } from "@market/db";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";
import type { Viewer } from "../../../viewer";
import { beginImpersonation } from "../../auth/impersonation";

/**
 * The console's "act as this user" (issue 36, point 4): the admin, in their own session (consoleProcedure), gives
 * a reason, which the audit row of the impersonation keeps; the session as the user ends by itself after
 * IMPERSONATION_TTL_MS. An unknown user is not_found; an admin cannot be acted as (conflict).
 */
export async function impersonateUser(
  deps: { db: Db; clock: Clock },
  viewer: Viewer,
  input: ImpersonateUserInput,
): Promise<{ token: string; expiresAt: Date }> {
  const [user] = await deps.db
    .select({ id: users.id, kind: users.kind, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) fail("not_found", "No user has this id.");
  if (user.isAdmin) fail("conflict", "An admin's account cannot be acted as.");
  return beginImpersonation(deps.db, deps.clock, viewer, user, input.reason);
}
