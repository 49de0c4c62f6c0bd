import { describe, expect, it } from "vitest";
import { isCardExpired } from "./saved-cards";

describe("isCardExpired", () => {
  const now = new Date("2026-05-31T23:30:00Z");

  it.each([
    [{ expMonth: 4, expYear: 2026 }, true],
    [{ expMonth: 12, expYear: 2025 }, true],
    [{ expMonth: 5, expYear: 2026 }, false],
    [{ expMonth: 6, expYear: 2026 }, false],
    [{ expMonth: 1, expYear: 2027 }, false],
  ])("%o at the end of May 2026: expired %s", (card, expired) => {
    expect(isCardExpired(card, now)).toBe(expired);
  });
});
