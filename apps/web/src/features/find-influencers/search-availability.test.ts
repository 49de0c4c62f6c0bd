import { describe, expect, it } from "vitest";
import { isSearchDisabled } from "./search-availability";

describe("isSearchDisabled", () => {
  it.each([
    [320, true],
    [900, true],
    [901, false],
    [1280, false],
  ])("at a window width of %i: %s", (width, disabled) => {
    expect(isSearchDisabled(width)).toBe(disabled);
  });
});
