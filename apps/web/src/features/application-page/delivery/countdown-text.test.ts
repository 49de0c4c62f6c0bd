import { DAY_MS, HOUR_MS, type ReleaseCountdown } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { formatDeadline } from "../../../lib/deal-format";
import { i18n, loadAllTexts } from "../../../lib/i18n";
import { countdownText, daysAndHours, timeLeftText, workDoneIntroKey } from "./countdown-text";

// The first load carries only the landing's texts (lib/i18n.ts).
await loadAllTexts();

const t = i18n.t;

describe("the release countdown", () => {
  it("counts days and hours, the hours rounded up", () => {
    expect(daysAndHours(10 * DAY_MS)).toEqual({ days: 10, hours: 0 });
    expect(daysAndHours(3 * DAY_MS + 4 * HOUR_MS - 1)).toEqual({ days: 3, hours: 4 });
    expect(daysAndHours(1)).toEqual({ days: 0, hours: 1 });
    expect(daysAndHours(0)).toEqual({ days: 0, hours: 0 });
    expect(daysAndHours(-5)).toEqual({ days: 0, hours: 0 });
  });

  it("says the time left in words", () => {
    expect(timeLeftText(t, 3 * DAY_MS + 4 * HOUR_MS)).toBe("3 days and 4 hours");
    expect(timeLeftText(t, DAY_MS + HOUR_MS)).toBe("1 day and 1 hour");
    expect(timeLeftText(t, 2 * DAY_MS)).toBe("2 days");
    expect(timeLeftText(t, 5 * HOUR_MS)).toBe("5 hours");
    expect(timeLeftText(t, 0)).toBe("No time");
  });

  it("tells each side a running countdown and its end", () => {
    const releaseDate = new Date("2027-02-01T12:00:00Z");
    const running = { state: "running", releaseDate, remainingMs: 2 * DAY_MS + 3 * HOUR_MS } as const;
    expect(countdownText(t, "brand", running)).toEqual({
      paused: false,
      headline: `2 days and 3 hours left to release the money or say the work is not done. Then it is released to the influencer automatically, on ${formatDeadline(releaseDate)}.`,
      details: [],
    });
    expect(countdownText(t, "influencer", running).headline).toBe(
      `2 days and 3 hours left: the money is released to you automatically on ${formatDeadline(releaseDate)}, unless the brand says the work is not done.`,
    );
  });

  it("says a paused countdown's time left, what holds it and what resumes it", () => {
    const paused: ReleaseCountdown = { state: "paused", remainingMs: 6 * DAY_MS, pausedBy: ["contest", "arbitration"] };
    expect(countdownText(t, "influencer", paused)).toEqual({
      paused: true,
      headline: "The countdown is paused with 6 days left.",
      details: [
        "The brand says the work is not done.",
        "A request for arbitration is open.",
        "Deliver again to start a new 10-day window, or wait for the platform to close the case.",
      ],
    });
    expect(countdownText(t, "brand", { ...paused, pausedBy: ["arbitration"] }).details).toEqual([
      "A request for arbitration is open.",
      "It resumes with that time when the platform closes the case.",
    ]);
    expect(countdownText(t, "brand", { ...paused, pausedBy: ["contest"] }).details[0]).toBe(
      "You said the work is not done.",
    );
  });
});

describe("the work done modal", () => {
  it("says what a delivery does: a first window, a new one, or one held until the case closes", () => {
    expect(workDoneIntroKey(null)).toBe("WORK_DONE_MODAL.INTRO");
    expect(workDoneIntroKey({ state: "paused", remainingMs: 1, pausedBy: ["contest"] })).toBe("WORK_DONE_MODAL.AGAIN");
    expect(workDoneIntroKey({ state: "paused", remainingMs: 1, pausedBy: ["contest", "arbitration"] })).toBe(
      "WORK_DONE_MODAL.AGAIN_HELD",
    );
  });
});
