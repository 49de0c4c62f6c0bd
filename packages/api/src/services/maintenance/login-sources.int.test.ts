import { loginSources } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createBrand } from "../../testing";
import { isKnownSource, rememberSource } from "../auth/login-sources";
import { KNOWN_SOURCE_MAX_AGE_MS } from "../auth/rate-limit";
import { sweepStaleLoginSources } from "./login-sources";

const testDb = useTestDb();

const now = new Date("2026-05-01T12:00:00Z");
const at = (msAgo: number) => ({ db: testDb.db, clock: fixedClock(new Date(now.getTime() - msAgo)) });

describe("sweepStaleLoginSources", () => {
  it("deletes the networks no longer known at `now`, keeping those still known", async () => {
    const user = await createBrand(testDb.db);
    await rememberSource(at(KNOWN_SOURCE_MAX_AGE_MS), user.id, "192.0.2.0/24"); // known no more
    await rememberSource(at(KNOWN_SOURCE_MAX_AGE_MS - 1), user.id, "198.51.100.0/24"); // one more millisecond
    const deps = { db: testDb.db, clock: fixedClock(now) };
    expect(await isKnownSource(deps, user.id, "192.0.2.0/24")).toBe(false);
    expect(await isKnownSource(deps, user.id, "198.51.100.0/24")).toBe(true);

    expect(await sweepStaleLoginSources(testDb.db, now)).toBe(1);
    expect((await testDb.db.select().from(loginSources)).map((row) => row.source)).toEqual(["198.51.100.0/24"]);
    expect(await sweepStaleLoginSources(testDb.db, now)).toBe(0);
  });
});
