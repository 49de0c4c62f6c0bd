import { MINUTE_MS } from "@market/contracts";
import { networkLinkStates } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createInfluencer } from "../../testing";
import { fakeNetworkProviders, testTokenCipher } from "../../testing/network-providers";
import { startLink } from "../networks/oauth-flow";
import { sweepExpiredNetworkLinkStates } from "./network-link-states";

const testDb = useTestDb();

describe("sweepExpiredNetworkLinkStates", () => {
  it("deletes the flows past their 10 minutes and keeps the others", async () => {
    const db = testDb.db;
    const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
    const deps = { db, clock, networkProviders: fakeNetworkProviders(), tokenCipher: testTokenCipher };
    const user = await createInfluencer(db, { networks: [] });
    await startLink(deps, user.id, { type: "youtube" }, "http://market.test");
    clock.advance(5 * MINUTE_MS);
    await startLink(deps, user.id, { type: "twitter" }, "http://market.test");

    expect(await sweepExpiredNetworkLinkStates(db, new Date(clock.now().getTime() + 5 * MINUTE_MS - 1))).toBe(0);
    expect(await sweepExpiredNetworkLinkStates(db, new Date(clock.now().getTime() + 5 * MINUTE_MS))).toBe(1);
    expect((await db.select().from(networkLinkStates)).map((flow) => flow.type)).toEqual(["twitter"]);
  });
});
