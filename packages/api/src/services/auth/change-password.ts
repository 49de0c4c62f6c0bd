import type { ChangePasswordInput } from "@market/contracts";
import { eq, users } from "@market/db";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { assertPasswordLength } from "./accounts";
import { hashPassword, verifyPassword } from "./password";
import { type RateLimitDeps, throttle } from "./rate-limit";
import { endUserSessions } from "./sessions";

/**
 * Changes the signed-in user's password. A wrong current password is `bad_password` as a BAD_REQUEST (the
 * form marks the field; the session is fine). On success every other session of the user ends, this one stays.
 */
export async function changePassword(deps: RateLimitDeps, viewer: Viewer, input: ChangePasswordInput): Promise<void> {
  assertPasswordLength(input.newPassword);
  await throttle(deps, [["changePasswordPerUser", String(viewer.userId)]]);
  const [user] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, viewer.userId))
    .limit(1);
  if (!user) fail("unauthorized");
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) fail("bad_password");

  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, viewer.userId));
    await endUserSessions(tx, viewer.userId, viewer.sessionId);
  });
}
