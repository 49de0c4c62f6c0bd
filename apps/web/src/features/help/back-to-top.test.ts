import { HELP_BACK_TO_TOP_MS } from "@market/contracts";
import { describe, expect, it, vi } from "vitest";
import { animateScrollToTop, scrollTopAt } from "./back-to-top";

describe("scrollTopAt", () => {
  it("starts where the page is, is half way at half time and at the top when the time is up", () => {
    expect(scrollTopAt(1000, 0, 200)).toBe(1000);
    expect(scrollTopAt(1000, 100, 200)).toBe(500);
    expect(scrollTopAt(1000, 200, 200)).toBe(0);
    expect(scrollTopAt(1000, 250, 200)).toBe(0);
  });

  it("only ever moves up", () => {
    const positions = Array.from({ length: 21 }, (_, index) => scrollTopAt(3000, index * 10, 200));
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
  });
});

describe("animateScrollToTop", () => {
  it("reaches the top in 200 ms of frames, then reports it once", () => {
    expect(HELP_BACK_TO_TOP_MS).toBe(200);
    let time = 1_000;
    const queue: (() => void)[] = [];
    const frames = { now: () => time, requestFrame: (callback: () => void) => void queue.push(callback) };
    const positions: [number, number][] = [];
    const onDone = vi.fn();
    animateScrollToTop({ from: 2400, scrollTo: (top) => positions.push([time - 1_000, top]), frames, onDone });

    while (queue.length > 0) {
      const next = queue.shift();
      time += 16;
      next?.();
    }
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(positions.at(-1)).toEqual([208, 0]);
    expect(positions.filter(([, top]) => top === 0)).toHaveLength(1);
    for (const [elapsed, top] of positions) expect(top).toBe(scrollTopAt(2400, elapsed, HELP_BACK_TO_TOP_MS));
    expect(positions[0]?.[1]).toBeGreaterThan(2300);
  });
});
