import { type Db, eq, users } from "@market/db";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";

/**
 * Keys belong to brands and influencers acting for themselves: an admin has none (their console is for a person at
 * a screen), and an admin acting as a user cannot make one, as a key would outlive the impersonation.
 */
export async function refuseAdminKeyOwner(db: Db, viewer: Viewer): Promise<void> {
  if (viewer.impersonatorId !== null) fail("forbidden", "An admin acting as a user cannot manage their API keys.");
  const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, viewer.userId)).limit(1);
  if (!row || row.isAdmin) fail("forbidden", "Admin accounts cannot have API keys.");
}
