import { describe, expect, it } from "vitest";
import { isReviewPublished, reviewPublishedAt, reviewWindowClosesAt } from "./reviews";
import { DAY_MS } from "./time";

const released = new Date("2026-06-01T12:00:00Z");
const at = (days: number) => new Date(released.getTime() + days * DAY_MS);
const closesAt = reviewWindowClosesAt(released);

describe("the reviews' window (issue 40)", () => {
  it("closes 21 days after the release: 7 before the brand may write, then 14 for both", () => {
    expect(closesAt).toEqual(at(21));
  });
});

describe("isReviewPublished: the double blind", () => {
  it("publishes when both have written or the window has closed, in every combination", () => {
    for (const bothWritten of [false, true]) {
      for (const windowClosed of [false, true]) {
        expect(isReviewPublished({ bothWritten, windowClosed })).toBe(bothWritten || windowClosed);
      }
    }
    expect(isReviewPublished({ bothWritten: false, windowClosed: false })).toBe(false);
  });
});

describe("reviewPublishedAt: the stored instant agrees with isReviewPublished at every now", () => {
  const nows = [at(0), at(3), at(8), at(20.99), at(21), at(22), at(60)];
  const seconds = [null, at(2), at(10), at(20.5)];

  it.each(seconds.map((second) => [second?.toISOString() ?? "alone"]))("second review %s", (label) => {
    const second = label === "alone" ? null : new Date(label);
    const publishedAt = reviewPublishedAt(second, closesAt);
    for (const now of nows) {
      const bothWritten = second !== null && second <= now;
      const windowClosed = now >= closesAt;
      expect(publishedAt <= now, `${label} at ${now.toISOString()}`).toBe(
        isReviewPublished({ bothWritten, windowClosed }),
      );
    }
  });

  it("is the pair's completion when the second comes in time, else the window's close", () => {
    expect(reviewPublishedAt(at(10), closesAt)).toEqual(at(10));
    expect(reviewPublishedAt(null, closesAt)).toEqual(closesAt);
    // A second review is refused once the window has closed; were one stored, it would not move the close.
    expect(reviewPublishedAt(at(30), closesAt)).toEqual(closesAt);
  });
});
