import { ONBOARDING_SEEN_DELAY_MS } from "@market/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSeenFlag } from "./seen-flag";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createSeenFlag", () => {
  it("sends the seen flag 300 ms after onboarding is passed, not before", () => {
    expect(ONBOARDING_SEEN_DELAY_MS).toBe(300);
    const send = vi.fn();
    const markSeen = createSeenFlag(send);
    markSeen();
    vi.advanceTimersByTime(299);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("sends once however often it is asked, the delay counting from the first time", () => {
    const send = vi.fn();
    const markSeen = createSeenFlag(send);
    markSeen();
    vi.advanceTimersByTime(200);
    markSeen();
    vi.advanceTimersByTime(100);
    expect(send).toHaveBeenCalledTimes(1);
    markSeen();
    vi.advanceTimersByTime(10_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("sends nothing until asked", () => {
    const send = vi.fn();
    createSeenFlag(send);
    vi.advanceTimersByTime(10_000);
    expect(send).not.toHaveBeenCalled();
  });
});
