import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from "./time";

describe("time units", () => {
  it("count milliseconds", () => {
    expect([SECOND_MS, MINUTE_MS, HOUR_MS, DAY_MS]).toEqual([1_000, 60_000, 3_600_000, 86_400_000]);
  });
});
