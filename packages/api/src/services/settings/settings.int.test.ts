import { BRAND_NOTIFICATION_KEYS, INFLUENCER_NOTIFICATION_KEYS } from "@market/contracts";
import { contacts, eq, influencerProfiles, notificationPreferences, savedCards, users } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callerFor, createBrand, createInfluencer } from "../../testing";
import { reasonOf } from "../../trpc-errors";

let testDb: TestDb;
const clock = fixedClock(new Date("2026-05-15T12:00:00Z"));

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.close();
});

const asUser = (userId: number) => callerFor(testDb.db, { userId }, clock);

/** The reason and the issue paths (joined with dots) a call failed with. */
async function failureOf(call: Promise<unknown>): Promise<{ reason: string; paths: string[] }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const cause = error.cause as { issues?: { path: PropertyKey[] }[] } | undefined;
    return { reason: reasonOf(error), paths: (cause?.issues ?? []).map((issue) => issue.path.join(".")) };
  }
  throw new Error("expected the call to fail");
}

const influencerProfile = {
  about: "I review running shoes.",
  category: "sports",
  city: "Porto",
  country: "pt",
  audience: { males: 60, ages: [20, 35], interests: ["running", "trail"], country: "es" },
};
const influencerContact = {
  firstName: "Ana",
  lastName: "Lima",
  phone: "+351 912 345 678",
  address: "Rua A 1",
  address2: "",
  city: "Porto",
  state: "",
  zipcode: "4000-001",
  country: "pt",
  birthDay: 29,
  birthMonth: 2,
  birthYear: 2000,
};
const brandContact = {
  website: "https://acme.example",
  firstName: "Jo",
  lastName: "Doe",
  phone: "",
  address: "1 Main St",
  address2: "Suite 2",
  city: "Austin",
  state: "TX",
  zipcode: "73301",
  country: "us",
};
const allOn = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, true])) as Record<K, boolean>;

describe("settings.get", () => {
  it("answers a brand's user, profile, contact and notifications, every notification on by default", async () => {
    const brand = await createBrand(testDb.db, { username: "getbrand", brandName: "Get Brand" });
    const settings = await (await asUser(brand.id)).settings.get();
    expect(settings).toEqual({
      kind: "brand",
      user: { username: "getbrand", email: "getbrand@test.example", picture: null },
      profile: { brandName: "Get Brand", about: "" },
      contact: {
        website: "",
        firstName: "",
        lastName: "",
        phone: "",
        address: "",
        address2: "",
        city: "",
        state: "",
        zipcode: "",
        country: "",
      },
      notifications: { appUpdate: true, message: true, feedback: true, news: true },
    });
  });

  it("answers an influencer's profile with audience and the influencer's notification keys", async () => {
    const influencer = await createInfluencer(testDb.db, { username: "getinfluencer" });
    await testDb.db.insert(notificationPreferences).values({ userId: influencer.id, key: "deals", enabled: false });
    const settings = await (await asUser(influencer.id)).settings.get();
    expect(settings.kind).toBe("influencer");
    expect(settings.profile).toEqual({
      about: "",
      category: "beauty",
      city: "Lyon",
      country: "fr",
      audience: { males: 50, ages: [18, 30], interests: [], country: null },
    });
    expect(settings.contact).toMatchObject({ birthDay: null, birthMonth: null, birthYear: null });
    expect(Object.keys(settings.notifications).sort()).toEqual([...INFLUENCER_NOTIFICATION_KEYS].sort());
    expect(settings.notifications).toMatchObject({ deals: false, message: true });
  });

  it("refuses a visitor", async () => {
    expect(await failureOf((await callerFor(testDb.db, null, clock)).settings.get())).toMatchObject({
      reason: "unauthorized",
    });
  });
});

describe("settings.save: profile", () => {
  it("saves a brand's name and about", async () => {
    const brand = await createBrand(testDb.db);
    const caller = await asUser(brand.id);
    const saved = await caller.settings.save({ field: "profile", data: { brandName: " Acme ", about: "Shoes." } });
    expect(saved.profile).toEqual({ brandName: "Acme", about: "Shoes." });
    expect((await caller.settings.get()).profile).toEqual({ brandName: "Acme", about: "Shoes." });
  });

  it("refuses a brand sending influencer fields, or no brand name", async () => {
    const brand = await createBrand(testDb.db);
    const caller = await asUser(brand.id);
    expect(await failureOf(caller.settings.save({ field: "profile", data: influencerProfile }))).toEqual({
      reason: "invalid",
      paths: expect.arrayContaining(["data.brandName", "data"]),
    });
    const extra = { brandName: "Acme", about: "", category: "beauty" };
    expect(await failureOf(caller.settings.save({ field: "profile", data: extra }))).toEqual({
      reason: "invalid",
      paths: ["data"],
    });
    expect(await failureOf(caller.settings.save({ field: "profile", data: { brandName: " ", about: "" } }))).toEqual({
      reason: "invalid",
      paths: ["data.brandName"],
    });
  });

  it("never changes the username or email", async () => {
    const brand = await createBrand(testDb.db, { username: "fixedname" });
    const caller = await asUser(brand.id);
    const withUsername = { brandName: "Acme", about: "", username: "other", email: "x@y.example" };
    expect((await failureOf(caller.settings.save({ field: "profile", data: withUsername }))).reason).toBe("invalid");
    const asUserField = caller.settings.save({ field: "user" as "profile", data: { username: "other" } });
    expect((await failureOf(asUserField)).reason).toBe("invalid");
    const [row] = await testDb.db.select().from(users).where(eq(users.id, brand.id));
    expect(row).toMatchObject({ username: "fixedname", email: "fixedname@test.example" });
  });

  it("saves an influencer's profile and refreshes the search columns in the same write", async () => {
    const influencer = await createInfluencer(testDb.db, { username: "searchme", city: "Lyon", country: "fr" });
    const caller = await asUser(influencer.id);
    const saved = await caller.settings.save({ field: "profile", data: influencerProfile });
    expect(saved.profile).toEqual(influencerProfile);
    const [profile] = await testDb.db
      .select()
      .from(influencerProfiles)
      .where(eq(influencerProfiles.userId, influencer.id));
    expect(profile).toMatchObject({
      city: "Porto",
      country: "pt",
      category: "sports",
      audienceMales: 60,
      audienceAgeMin: 20,
      audienceAgeMax: 35,
      audienceInterests: ["running", "trail"],
      audienceCountry: "es",
      searchText: "searchme porto pt",
    });
    const search = await caller.influencers.search({ query: "searchme porto" });
    expect(search.influencers.map((card) => card.username)).toEqual(["searchme"]);
  });

  it.each([
    ["males above 100", { audience: { ...influencerProfile.audience, males: 101 } }, "data.audience.males"],
    ["ages reversed", { audience: { ...influencerProfile.audience, ages: [40, 20] } }, "data.audience.ages"],
    ["ages above 99", { audience: { ...influencerProfile.audience, ages: [20, 100] } }, "data.audience.ages.1"],
    ["an unknown category", { category: "cooking" }, "data.category"],
    ["a country that is no code", { country: "Portugal" }, "data.country"],
    ["a brand's field", { brandName: "Acme" }, "data"],
  ])("refuses an influencer profile with %s", async (_, change, path) => {
    const influencer = await createInfluencer(testDb.db);
    const caller = await asUser(influencer.id);
    const failure = await failureOf(
      caller.settings.save({ field: "profile", data: { ...influencerProfile, ...change } }),
    );
    expect(failure).toEqual({ reason: "invalid", paths: [path] });
    expect((await caller.settings.get()).profile).toMatchObject({ city: "Lyon", category: "beauty" });
  });
});

describe("settings.save: contact", () => {
  it("saves a brand's website and address; an empty field clears it", async () => {
    const brand = await createBrand(testDb.db);
    const caller = await asUser(brand.id);
    await caller.settings.save({ field: "contact", data: brandContact });
    expect((await caller.settings.get()).contact).toEqual(brandContact);
    const saved = await caller.settings.save({ field: "contact", data: { ...brandContact, website: "", city: "" } });
    expect(saved.contact).toMatchObject({ website: "", city: "", state: "TX" });
    const [row] = await testDb.db.select().from(contacts).where(eq(contacts.userId, brand.id));
    expect(row).toMatchObject({ website: null, city: null, state: "TX", birthYear: null });
  });

  it("saves an influencer's birth date (29 February of a leap year)", async () => {
    const influencer = await createInfluencer(testDb.db);
    const caller = await asUser(influencer.id);
    const saved = await caller.settings.save({ field: "contact", data: influencerContact });
    expect(saved.contact).toEqual(influencerContact);
  });

  it.each([
    ["born in 1914", { birthYear: 1914, birthDay: 1 }, "data.birthYear"],
    ["born in 2016", { birthYear: 2016, birthDay: 1 }, "data.birthYear"],
    ["born on 31 February", { birthDay: 31, birthMonth: 2 }, "data.birthDay"],
    ["born on 29 February of 2001", { birthYear: 2001 }, "data.birthDay"],
    ["born in month 13", { birthMonth: 13 }, "data.birthMonth"],
    ["a brand's website", { website: "https://me.example" }, "data"],
  ])("refuses an influencer contact %s", async (_, change, path) => {
    const influencer = await createInfluencer(testDb.db);
    const caller = await asUser(influencer.id);
    const failure = await failureOf(
      caller.settings.save({ field: "contact", data: { ...influencerContact, ...change } }),
    );
    expect(failure).toEqual({ reason: "invalid", paths: [path] });
  });

  it.each([
    ["a website that is no URL", { website: "acme dot com" }, "data.website"],
    ["a website that is not http", { website: "javascript:alert(1)" }, "data.website"],
    ["a birth date", { birthYear: 1990 }, "data"],
    ["a phone number too long", { phone: "1".repeat(41) }, "data.phone"],
  ])("refuses a brand contact with %s", async (_, change, path) => {
    const brand = await createBrand(testDb.db);
    const caller = await asUser(brand.id);
    const failure = await failureOf(caller.settings.save({ field: "contact", data: { ...brandContact, ...change } }));
    expect(failure).toEqual({ reason: "invalid", paths: [path] });
  });
});

describe("settings.save: notifications", () => {
  it("saves a brand's switches and reads them back", async () => {
    const brand = await createBrand(testDb.db);
    const caller = await asUser(brand.id);
    const data = { ...allOn(BRAND_NOTIFICATION_KEYS), news: false };
    expect((await caller.settings.save({ field: "notifications", data })).notifications).toEqual(data);
    const again = { ...data, news: true, message: false };
    await caller.settings.save({ field: "notifications", data: again });
    expect((await caller.settings.get()).notifications).toEqual(again);
  });

  it("saves an influencer's switches", async () => {
    const influencer = await createInfluencer(testDb.db);
    const caller = await asUser(influencer.id);
    const data = { ...allOn(INFLUENCER_NOTIFICATION_KEYS), deals: false, invitations: false };
    expect((await caller.settings.save({ field: "notifications", data })).notifications).toEqual(data);
  });

  it("refuses a key of the other kind, a missing key and a value that is no boolean", async () => {
    const brand = await createBrand(testDb.db);
    const caller = await asUser(brand.id);
    const withDeals = { ...allOn(BRAND_NOTIFICATION_KEYS), deals: true };
    expect(await failureOf(caller.settings.save({ field: "notifications", data: withDeals }))).toEqual({
      reason: "invalid",
      paths: ["data"],
    });
    const { news: _, ...missing } = allOn(BRAND_NOTIFICATION_KEYS);
    expect((await failureOf(caller.settings.save({ field: "notifications", data: missing }))).paths).toEqual([
      "data.news",
    ]);
    const notBoolean = { ...allOn(BRAND_NOTIFICATION_KEYS), news: "yes" };
    expect((await failureOf(caller.settings.save({ field: "notifications", data: notBoolean }))).paths).toEqual([
      "data.news",
    ]);
  });
});

describe("account.card and account.forgetCard", () => {
  const card = (userId: number, expMonth: number, expYear: number, last4 = "4242") =>
    testDb.db.insert(savedCards).values({
      userId,
      provider: "sandbox",
      providerCustomerId: `cus_${userId}`,
      providerPaymentMethodId: `pm_${userId}`,
      brand: "visa",
      last4,
      expMonth,
      expYear,
    });

  it("answers the brand's own card, or null when there is none", async () => {
    const brand = await createBrand(testDb.db);
    const other = await createBrand(testDb.db);
    await card(other.id, 12, 2030, "1111");
    const caller = await asUser(brand.id);
    expect(await caller.account.card()).toBeNull();
    await card(brand.id, 4, 2027);
    expect(await caller.account.card()).toEqual({ type: "visa", last4: "4242", expMonth: "04", expYear: 2027 });
    expect((await (await asUser(other.id)).account.card())?.last4).toBe("1111");
  });

  it("ignores an expired card but keeps one expiring this month", async () => {
    const expired = await createBrand(testDb.db);
    await card(expired.id, 4, 2026);
    expect(await (await asUser(expired.id)).account.card()).toBeNull();
    const lastYear = await createBrand(testDb.db);
    await card(lastYear.id, 12, 2025);
    expect(await (await asUser(lastYear.id)).account.card()).toBeNull();
    const thisMonth = await createBrand(testDb.db);
    await card(thisMonth.id, 5, 2026);
    expect(await (await asUser(thisMonth.id)).account.card()).toMatchObject({ expMonth: "05", expYear: 2026 });
  });

  it("forgets only the caller's card, and forgetting twice is fine", async () => {
    const brand = await createBrand(testDb.db);
    const other = await createBrand(testDb.db);
    await card(brand.id, 1, 2029);
    await card(other.id, 1, 2029);
    const caller = await asUser(brand.id);
    expect(await caller.account.forgetCard()).toBeNull();
    expect(await caller.account.card()).toBeNull();
    expect(await caller.account.forgetCard()).toBeNull();
    expect(await (await asUser(other.id)).account.card()).not.toBeNull();
  });

  it("refuses influencers and visitors", async () => {
    const influencer = await createInfluencer(testDb.db);
    const caller = await asUser(influencer.id);
    expect((await failureOf(caller.account.card())).reason).toBe("forbidden");
    expect((await failureOf(caller.account.forgetCard())).reason).toBe("forbidden");
    const visitor = await callerFor(testDb.db, null, clock);
    expect((await failureOf(visitor.account.card())).reason).toBe("unauthorized");
  });
});
