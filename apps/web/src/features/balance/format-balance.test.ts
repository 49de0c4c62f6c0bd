import { describe, expect, it } from "vitest";
import { formatBalanceCents } from "./format-balance";

describe("formatBalanceCents", () => {
  it("shows dollars with their cents", () => {
    expect(formatBalanceCents(0)).toBe("$0.00");
    expect(formatBalanceCents(6_925)).toBe("$69.25");
    expect(formatBalanceCents(123_456_78)).toBe("$123,456.78");
  });
});
