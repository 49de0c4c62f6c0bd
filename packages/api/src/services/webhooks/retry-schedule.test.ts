import { HOUR_MS, MINUTE_MS, WEBHOOK_MAX_ATTEMPTS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { nextAttemptAfter } from "./attempt";

describe("the webhook retry schedule", () => {
  it("backs off from a minute to 20 hours, then gives up after its tenth attempt, about three days on", () => {
    const first = new Date("2026-06-01T00:00:00Z");
    let at = first;
    const pauses: number[] = [];
    for (let attempts = 1; attempts < WEBHOOK_MAX_ATTEMPTS; attempts++) {
      const next = nextAttemptAfter(attempts, at);
      if (!next) throw new Error(`gave up after ${attempts}`);
      pauses.push(next.getTime() - at.getTime());
      at = next;
    }
    expect(pauses[0]).toBe(MINUTE_MS);
    expect(pauses.every((pause, i) => i === 0 || pause >= (pauses[i - 1] ?? 0))).toBe(true);
    expect(nextAttemptAfter(WEBHOOK_MAX_ATTEMPTS, at)).toBeNull();
    const window = at.getTime() - first.getTime();
    expect(window).toBeGreaterThan(70 * HOUR_MS);
    expect(window).toBeLessThan(73 * HOUR_MS);
  });
});
