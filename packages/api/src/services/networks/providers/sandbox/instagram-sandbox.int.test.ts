import { SANDBOX_CONFLICT_ACCOUNTS, SANDBOX_DEMO_INSTAGRAM } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../../../clock";
import { readSandboxProfiles, SANDBOX_BIO_MAX_LENGTH, sandboxBioReader, setSandboxBio } from "./instagram-sandbox";

const clock = fixedClock(new Date("2026-03-01T10:00:00Z"));

const testDb = useTestDb();

describe("the Instagram sandbox", () => {
  it("reads a sample profile with an empty bio until one is set, whatever case or @ the user types", async () => {
    const reader = sandboxBioReader(testDb.db);
    expect(await reader.readProfile("@Jordan.Lee.Eats")).toEqual({
      bio: "",
      account: expect.objectContaining({ identifier: "jordan.lee.eats", followers: 24_800, isPrivate: false }),
    });
    expect(await setSandboxBio(testDb.db, clock, "jordan.lee.eats", "  Cook. Code: AB12CD \r\n")).toEqual({
      ok: true,
      username: "jordan.lee.eats",
    });
    expect((await reader.readProfile("jordan.lee.eats"))?.bio).toBe("Cook. Code: AB12CD");
  });

  it("keeps the last bio saved, seen by another reader on the same database (another instance)", async () => {
    await setSandboxBio(testDb.db, clock, "quiet.garden", "first");
    await setSandboxBio(testDb.db, clock, "quiet.garden", "second");
    const elsewhere = sandboxBioReader(testDb.db);
    expect(await elsewhere.readProfile("quiet.garden")).toEqual({
      bio: "second",
      account: expect.objectContaining({ isPrivate: true }),
    });
  });

  it("knows no other username (bad-username) and refuses a bio over Instagram's limit", async () => {
    expect(await sandboxBioReader(testDb.db).readProfile("no.such.person")).toBeNull();
    expect(await setSandboxBio(testDb.db, clock, "no.such.person", "hi")).toEqual({
      ok: false,
      problem: "unknown_profile",
    });
    const tooLong = "x".repeat(SANDBOX_BIO_MAX_LENGTH + 1);
    expect(await setSandboxBio(testDb.db, clock, "tiny.sketchbook", tooLong)).toEqual({
      ok: false,
      problem: "too_long",
    });
    expect(await setSandboxBio(testDb.db, clock, "tiny.sketchbook", "😀".repeat(SANDBOX_BIO_MAX_LENGTH))).toMatchObject(
      {
        ok: true,
      },
    );
  });

  it("lists every sample with its bio: normal, under 2,000 followers, private, and the seed's conflicting one", async () => {
    const profiles = await readSandboxProfiles(testDb.db);
    expect(profiles.map(({ profile }) => profile.username)).toEqual([
      "jordan.lee.eats",
      "tiny.sketchbook",
      "quiet.garden",
      SANDBOX_CONFLICT_ACCOUNTS.instagram.identifier,
    ]);
    expect(profiles[1]?.profile.account.followers).toBeLessThan(2_000);
    expect(profiles.find(({ profile }) => profile.username === "quiet.garden")?.bio).toBe("second");
  });

  it("reads the demo influencer's account for a refresh, but neither lists it nor lets anyone set its bio", async () => {
    const demo = SANDBOX_DEMO_INSTAGRAM.identifier;
    expect(await sandboxBioReader(testDb.db).readProfile(demo)).toEqual({
      bio: "",
      account: expect.objectContaining({ identifier: demo, title: SANDBOX_DEMO_INSTAGRAM.title, isPrivate: false }),
    });
    expect((await readSandboxProfiles(testDb.db)).map(({ profile }) => profile.username)).not.toContain(demo);
    expect(await setSandboxBio(testDb.db, clock, demo, "Code: AB12CD")).toEqual({
      ok: false,
      problem: "unknown_profile",
    });
    expect((await sandboxBioReader(testDb.db).readProfile(demo))?.bio).toBe("");
  });
});
