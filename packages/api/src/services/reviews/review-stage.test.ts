import { DAY_MS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { reviewStage } from "./review-stage";

const released = new Date("2026-06-01T12:00:00Z");
const releasedPlus = (ms: number) => new Date(released.getTime() + ms);
const complete = { status: "COMPLETE" as const, moneyReleasedAt: released, given: false };

describe("reviewStage (issue 40: the influencer reviews the brand from the release until the window closes)", () => {
  it("opens at the release and closes 21 days after it", () => {
    const closesAt = releasedPlus(21 * DAY_MS);
    expect(reviewStage(complete, released)).toEqual({ state: "open", closesAt });
    expect(reviewStage(complete, releasedPlus(21 * DAY_MS - 1))).toEqual({ state: "open", closesAt });
    expect(reviewStage(complete, closesAt)).toEqual({ state: "closed" });
  });

  it("is given once, pending before COMPLETE, never on a DENIED application", () => {
    const later = releasedPlus(2 * DAY_MS);
    expect(reviewStage({ ...complete, given: true }, releasedPlus(40 * DAY_MS))).toEqual({ state: "given" });
    expect(reviewStage({ ...complete, status: "PROGRESS" }, later)).toEqual({ state: "pending" });
    expect(reviewStage({ ...complete, status: "DENIED" }, later)).toEqual({ state: "never" });
    expect(reviewStage({ ...complete, moneyReleasedAt: null }, later)).toEqual({ state: "not_yet" });
  });
});
