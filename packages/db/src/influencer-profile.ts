import { eq } from "drizzle-orm";
import type { Db, Tx } from "./client";
import { influencerProfiles, type NewInfluencerProfile } from "./schema";

type ProfileFields = Omit<NewInfluencerProfile, "userId" | "createdAt">;

/**
 * Writes an influencer's profile fields (settings, onboarding): an UPDATE of the row sign-up made, and an INSERT only
 * for an account without one. Not an upsert: INSERT ... ON CONFLICT DO UPDATE fires the table's statement-level
 * INSERT triggers even when it updates, and influencer_profiles' (drizzle/0054) tell every instance to forget every
 * search and every user's kept reads; its row-level UPDATE triggers compare the values and stay quiet when the search
 * and the reads see none changed. The caller refreshes the search columns after it.
 */
export async function writeInfluencerProfile(db: Db | Tx, userId: number, fields: ProfileFields): Promise<void> {
  const updated = await db
    .update(influencerProfiles)
    .set(fields)
    .where(eq(influencerProfiles.userId, userId))
    .returning({ userId: influencerProfiles.userId });
  if (updated.length > 0) return;
  await db
    .insert(influencerProfiles)
    .values(Object.assign({ userId }, fields))
    .onConflictDoUpdate({ target: influencerProfiles.userId, set: fields });
}
