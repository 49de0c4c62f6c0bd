import type { SaveOnboardingProfileInput } from "@market/contracts";
import { type Db, refreshInfluencerSearchColumns, writeInfluencerProfile } from "@market/db";
import type { Clock } from "../../clock";
import type { Viewer } from "../../viewer";
import { onboardingSeen } from "./onboarding-seen";

/**
 * Saves the onboarding form's part of the influencer profile (category, city, country, audience gender share and
 * ages), refreshes the search columns it feeds (the keyword text holds city and country) and marks onboarding
 * seen, all in one transaction. The other profile fields (about, interests, audience country) are left as they are.
 */
export async function saveOnboardingProfile(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  input: SaveOnboardingProfileInput,
): Promise<void> {
  const now = clock.now();
  const fields = {
    category: input.category,
    // An emptied field means unknown, as for a profile that never had one.
    city: input.city === "" ? null : input.city,
    country: input.country,
    audienceMales: input.audience.males,
    audienceAgeMin: input.audience.ages[0],
    audienceAgeMax: input.audience.ages[1],
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await writeInfluencerProfile(tx, viewer.userId, fields);
    await refreshInfluencerSearchColumns(tx, [viewer.userId]);
    await onboardingSeen(tx, clock, viewer);
  });
}
