import { applications, eq } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import { waitingApplication } from "../../../testing";
import { applyAction } from "./apply-action";
import { TRANSITIONS } from "./transitions";

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const testDb = useTestDb();
const deps = () => ({ db: testDb.db, clock });

describe("the runner sets a clock only where the lifecycle table declares it", () => {
  it("lets the influencer's update set the proposal's expiry, and no other action", async () => {
    const app = await waitingApplication(testDb.db, clock);
    const later = new Date("2026-07-01T12:00:00Z");
    const influencer = { userId: app.influencer.id, impersonatorId: null };
    const brand = { userId: app.brand.id, impersonatorId: null };
    expect(TRANSITIONS.update[0]?.writes.clocks?.expiry).toBe("set");
    expect(TRANSITIONS.requestChanges[0]?.writes.clocks?.expiry).toBeUndefined();

    await expect(
      applyAction(deps(), brand, app.id, "requestChanges", ({ setExpiry }) => setExpiry(later)),
    ).rejects.toThrow("the lifecycle table sets no expiry for requestChanges");
    await applyAction(deps(), influencer, app.id, "update", ({ setExpiry }) => setExpiry(later));
    const [row] = await testDb.db.select().from(applications).where(eq(applications.id, app.id));
    expect(row?.expiration).toEqual(later);
  });
});
