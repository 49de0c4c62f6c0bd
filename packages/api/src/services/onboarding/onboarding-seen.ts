import { and, type Db, eq, type Tx, users } from "@market/db";
import type { Clock } from "../../clock";
import type { Viewer } from "../../viewer";

/**
 * Marks the onboarding modal seen for the viewer (spec section 4: after save, later or create-campaign).
 * Idempotent. An admin impersonating the user writes nothing: looking at someone's account must not use up
 * their onboarding.
 */
export async function onboardingSeen(db: Db | Tx, clock: Clock, viewer: Viewer): Promise<void> {
  if (viewer.impersonatorId !== null) return;
  await db
    .update(users)
    .set({ hasSeenOnboarding: true, updatedAt: clock.now() })
    .where(and(eq(users.id, viewer.userId), eq(users.hasSeenOnboarding, false)));
}
