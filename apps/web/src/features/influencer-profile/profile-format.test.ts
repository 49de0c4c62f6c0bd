import { describe, expect, it } from "vitest";
import { reachedThroughSearch } from "./profile-format";

describe("reachedThroughSearch", () => {
  it("is true for ids longer than 10 characters only", () => {
    expect(reachedThroughSearch("42")).toBe(false);
    expect(reachedThroughSearch("1234567890")).toBe(false);
    expect(reachedThroughSearch("s2n9c.Ab3dE-fG_h")).toBe(true);
    expect(reachedThroughSearch("12345678901")).toBe(true);
  });
});
