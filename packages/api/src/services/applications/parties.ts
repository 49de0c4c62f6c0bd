import type { ApplicationRole } from "@market/contracts";
import { type Application, applications, type Db, eq, type Placeholders, preparedQuery, type Tx } from "@market/db";
import { fail } from "../../errors";

/** A signed-in user acting on an application, and the admin acting as them when impersonating. */
export interface ActingUser {
  userId: number;
  impersonatorId: number | null;
}

/**
 * The application as one of its two parties reaches it, with their side; anyone else gets not_found, exactly as
 * for an unknown id, so an application's existence is not disclosed. An admin impersonating a user is that user
 * here (the acting user's id is the user's), so they see and act as that side. `lock`, in a transaction: update
 * for the lifecycle actions, which change the row and take turns; no key update for what adds to the application
 * (a message, a file): a status change waits for them or they see it, and two writes of one chat take turns,
 * because the notification each one writes may refresh the row's influencer_unseen_at (migration 0032). A share
 * lock here would deadlock: two writers holding it could never upgrade it for that refresh.
 */
export async function applicationOfParty(
  db: Db | Tx,
  actor: ActingUser,
  id: number,
  lock?: "update" | "no key update",
): Promise<{ application: Application; role: ApplicationRole }> {
  const [application] = lock
    ? await db.select().from(applications).where(eq(applications.id, id)).for(lock)
    : await applicationById(db, { id });
  return partyOf(application, actor);
}

const applicationById = preparedQuery("application_by_id", (db, values: Placeholders<{ id: number }>) =>
  db.select().from(applications).where(eq(applications.id, values.id)),
);

/** The same answer for an application row read with other fields (undefined when there is none). */
export function partyOf(
  application: Application | undefined,
  actor: ActingUser,
): { application: Application; role: ApplicationRole } {
  if (!application || (application.influencerId !== actor.userId && application.brandId !== actor.userId)) {
    fail("not_found");
  }
  return { application, role: application.influencerId === actor.userId ? "influencer" : "brand" };
}
