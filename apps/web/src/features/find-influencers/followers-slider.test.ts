import { FOLLOWERS_FILTER } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { FOLLOWERS_LAST_POSITION, followersAt, followersLabel, positionOf } from "./followers-slider";

describe("followers slider positions", () => {
  it("has one position per stop of the spec", () => {
    expect(FOLLOWERS_LAST_POSITION).toBe(6);
    expect([0, 1, 2, 3, 4, 5, 6].map(followersAt)).toEqual([
      2_000, 10_000, 50_000, 100_000, 500_000, 1_000_000, 5_000_000,
    ]);
  });

  it("clamps and rounds positions", () => {
    expect(followersAt(-3)).toBe(FOLLOWERS_FILTER.min);
    expect(followersAt(42)).toBe(FOLLOWERS_FILTER.max);
    expect(followersAt(1.4)).toBe(10_000);
  });

  it("maps each stop back to its position", () => {
    for (let position = 0; position <= FOLLOWERS_LAST_POSITION; position += 1) {
      expect(positionOf(followersAt(position))).toBe(position);
    }
  });

  it("maps a value between stops to the nearest stop", () => {
    expect(positionOf(12_000)).toBe(1);
    expect(positionOf(40_000)).toBe(2);
    expect(positionOf(4_000_000)).toBe(6);
    expect(positionOf(0)).toBe(0);
  });
});

describe("followersLabel", () => {
  it.each([
    [2_000, "2K"],
    [10_000, "10K"],
    [50_000, "50K"],
    [100_000, "100K"],
    [12_345, "12.3K"],
    [500_000, "500K"],
    [1_000_000, "1M"],
    [1_500_000, "1.5M"],
    [5_000_000, "5M+"],
    [950, "950"],
  ])("%i -> %s", (followers, label) => {
    expect(followersLabel(followers)).toBe(label);
  });
});
