import { ONBOARDING_DEFAULTS } from "@market/contracts";
import { eq, influencerProfiles, users } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callFailure, createAdminUser, createBrand, createInfluencer } from "../../testing";
import { callerFor } from "../../testing/caller";

const clock = fixedClock(new Date("2026-03-01T10:00:00Z"));

const testDb = useTestDb();

async function hasSeen(userId: number) {
  const [row] = await testDb.db.select({ seen: users.hasSeenOnboarding }).from(users).where(eq(users.id, userId));
  return row?.seen;
}

async function profileOf(userId: number) {
  const [row] = await testDb.db.select().from(influencerProfiles).where(eq(influencerProfiles.userId, userId));
  if (!row) throw new Error("no profile");
  return row;
}

describe("account.onboardingSeen", () => {
  it("marks onboarding seen for a brand and an influencer, and stays seen when sent again", async () => {
    for (const user of [await createBrand(testDb.db), await createInfluencer(testDb.db)]) {
      expect(await hasSeen(user.id)).toBe(false);
      const caller = await callerFor(testDb.db, { userId: user.id }, clock);
      await expect(caller.account.onboardingSeen()).resolves.toBeUndefined();
      expect(await hasSeen(user.id)).toBe(true);
      await expect(caller.account.onboardingSeen()).resolves.toBeUndefined();
      expect(await hasSeen(user.id)).toBe(true);
      expect((await caller.account.me()).user?.hasSeenOnboarding).toBe(true);
    }
  });

  it("answers success to an impersonating admin without consuming the user's onboarding", async () => {
    const admin = await createAdminUser(testDb.db);
    const user = await createInfluencer(testDb.db);
    const asAdmin = await callerFor(testDb.db, { userId: user.id, impersonatorId: admin.id }, clock);
    await expect(asAdmin.account.onboardingSeen()).resolves.toBeUndefined();
    expect(await hasSeen(user.id)).toBe(false);
    expect((await asAdmin.account.me()).user).toMatchObject({ isImpersonating: true, hasSeenOnboarding: false });
  });

  it("refuses a visitor", async () => {
    const visitor = await callerFor(testDb.db, null, clock);
    expect(await callFailure(visitor.account.onboardingSeen())).toEqual({
      code: "UNAUTHORIZED",
      reason: "unauthorized",
      issues: [],
    });
  });
});

describe("account.saveOnboardingProfile", () => {
  const form = {
    category: "music" as const,
    city: "  Montréal ",
    country: "CA",
    audience: { males: 35, ages: [21, 34] as [number, number] },
  };

  it("saves the form's profile fields, refreshes the search text and marks onboarding seen", async () => {
    const user = await createInfluencer(testDb.db, {
      username: "onboarder",
      category: null,
      city: null,
      country: null,
      audience: null,
    });
    expect((await profileOf(user.id)).searchText).toBe("onboarder  ");
    const caller = await callerFor(testDb.db, { userId: user.id }, clock);
    await caller.account.saveOnboardingProfile(form);

    const profile = await profileOf(user.id);
    expect(profile).toMatchObject({
      category: "music",
      city: "Montréal",
      country: "ca",
      audienceMales: 35,
      audienceAgeMin: 21,
      audienceAgeMax: 34,
      updatedAt: clock.now(),
    });
    expect(profile.searchText).toBe("onboarder montréal ca");
    expect(await hasSeen(user.id)).toBe(true);

    const search = await caller.influencers.search({ query: "montr" });
    expect(search.influencers.map((card) => card.username)).toEqual(["onboarder"]);
    expect(search.influencers[0]).toMatchObject({ category: "music", audience: { males: 35, ages: [21, 34] } });
  });

  it("keeps the profile fields the form does not have", async () => {
    const user = await createInfluencer(testDb.db);
    await testDb.db
      .update(influencerProfiles)
      .set({ about: "About me", audienceInterests: ["cats"], audienceCountry: "fr" })
      .where(eq(influencerProfiles.userId, user.id));
    const caller = await callerFor(testDb.db, { userId: user.id }, clock);
    await caller.account.saveOnboardingProfile({
      category: null,
      city: "",
      country: null,
      audience: { males: ONBOARDING_DEFAULTS.males, ages: [...ONBOARDING_DEFAULTS.ages] },
    });
    expect(await profileOf(user.id)).toMatchObject({
      about: "About me",
      audienceInterests: ["cats"],
      audienceCountry: "fr",
      category: null,
      city: null,
      country: null,
      audienceMales: 50,
      audienceAgeMin: 18,
      audienceAgeMax: 30,
    });
  });

  it("refuses bad fields with the invalid reason and their paths, writing nothing", async () => {
    const user = await createInfluencer(testDb.db, { category: "beauty" });
    const caller = await callerFor(testDb.db, { userId: user.id }, clock);
    const failure = await callFailure(
      caller.account.saveOnboardingProfile({
        category: "cooking" as never,
        city: "x".repeat(101),
        country: "fra",
        audience: { males: 101, ages: [40, 20] },
      }),
    );
    expect(failure.reason).toBe("invalid");
    expect(failure.issues.sort()).toEqual(["audience.ages", "audience.males", "category", "city", "country"]);
    expect((await profileOf(user.id)).category).toBe("beauty");
    expect(await hasSeen(user.id)).toBe(false);
  });

  it("lets an impersonating admin save the profile without consuming the user's onboarding", async () => {
    const admin = await createAdminUser(testDb.db);
    const user = await createInfluencer(testDb.db);
    const asAdmin = await callerFor(testDb.db, { userId: user.id, impersonatorId: admin.id }, clock);
    await asAdmin.account.saveOnboardingProfile(form);
    expect((await profileOf(user.id)).city).toBe("Montréal");
    expect(await hasSeen(user.id)).toBe(false);
  });

  it("refuses brands and visitors", async () => {
    const brand = await callerFor(testDb.db, { userId: (await createBrand(testDb.db)).id }, clock);
    expect((await callFailure(brand.account.saveOnboardingProfile(form))).reason).toBe("forbidden");
    const visitor = await callerFor(testDb.db, null, clock);
    expect((await callFailure(visitor.account.saveOnboardingProfile(form))).reason).toBe("unauthorized");
  });
});
