import { eq, users } from "@market/db";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { verifyPassword } from "../auth/password";
import { type RateLimitDeps, throttle } from "../auth/rate-limit";

/**
 * The influencer's password, required to send money out (spec section 5). Guesses are throttled per user as the
 * password change is; a wrong one is bad_password (the form marks the field). An admin impersonating the
 * influencer does not know it and may not move their money: forbidden.
 */
export async function checkPayoutPassword(deps: RateLimitDeps, viewer: Viewer, password: string): Promise<void> {
  if (viewer.impersonatorId !== null) fail("forbidden");
  await throttle(deps, [["payoutPasswordPerUser", String(viewer.userId)]]);
  const [user] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, viewer.userId))
    .limit(1);
  if (!user) fail("unauthorized");
  if (!(await verifyPassword(user.passwordHash, password))) fail("bad_password");
}
