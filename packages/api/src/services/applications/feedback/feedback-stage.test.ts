import { DAY_MS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { feedbackStage } from "./feedback-stage";

const released = new Date("2026-06-01T12:00:00Z");
const releasedPlus = (ms: number) => new Date(released.getTime() + ms);
const complete = { status: "COMPLETE" as const, moneyReleasedAt: released, given: false };

describe("feedbackStage (spec section 4: over 7 days after money_released)", () => {
  it("opens only once the money_released message is more than 7 days old", () => {
    const opensAt = releasedPlus(7 * DAY_MS);
    expect(feedbackStage(complete, releasedPlus(6 * DAY_MS))).toEqual({ state: "not_yet", opensAt });
    expect(feedbackStage(complete, opensAt)).toEqual({ state: "not_yet", opensAt });
    expect(feedbackStage(complete, releasedPlus(7 * DAY_MS + 1))).toEqual({ state: "open", opensAt });
    expect(feedbackStage(complete, releasedPlus(8 * DAY_MS))).toEqual({ state: "open", opensAt });
  });

  it("closes with the reviews' window, 21 days after the release (issue 40)", () => {
    expect(feedbackStage(complete, releasedPlus(21 * DAY_MS - 1))).toMatchObject({ state: "open" });
    expect(feedbackStage(complete, releasedPlus(21 * DAY_MS))).toEqual({ state: "closed" });
    expect(feedbackStage({ ...complete, given: true }, releasedPlus(40 * DAY_MS))).toEqual({ state: "given" });
  });

  it("is given once, pending before COMPLETE, never on a DENIED application", () => {
    const late = releasedPlus(20 * DAY_MS);
    expect(feedbackStage({ ...complete, given: true }, late)).toEqual({ state: "given" });
    expect(feedbackStage({ ...complete, status: "PROGRESS" }, late)).toEqual({ state: "pending" });
    expect(feedbackStage({ ...complete, status: "WAITING" }, late)).toEqual({ state: "pending" });
    expect(feedbackStage({ ...complete, status: "DENIED" }, late)).toEqual({ state: "never" });
    expect(feedbackStage({ ...complete, moneyReleasedAt: null }, late)).toEqual({ state: "not_yet", opensAt: null });
  });
});
