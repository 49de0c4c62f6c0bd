import { type Db, eq, users } from "@market/db";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";

/**
 * Webhooks belong to a brand's or an influencer's own account: never an admin's, and never set up or changed by an
 * admin acting as the user (an endpoint is where the account's data goes; only its owner chooses that). Reading
 * the list and the log while impersonating is allowed, as the rest of the account is.
 */
export async function requireWebhookOwner(db: Db, viewer: Viewer, purpose: "read" | "write"): Promise<number> {
  if (purpose === "write" && viewer.impersonatorId !== null) fail("forbidden", "An admin cannot change webhooks.");
  const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, viewer.userId)).limit(1);
  if (!row || row.isAdmin) fail("forbidden", "Admin accounts have no webhooks.");
  return viewer.userId;
}
