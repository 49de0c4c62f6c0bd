import { describe, expect, it } from "vitest";
import { validateApplicationSearch } from "./arbitration-search";

describe("application page search", () => {
  it("opens the help modal for an arbitration parameter of any value, or none", () => {
    expect(validateApplicationSearch({ arbitration: "" })).toEqual({ arbitration: true });
    expect(validateApplicationSearch({ arbitration: 1 })).toEqual({ arbitration: true });
    expect(validateApplicationSearch({ arbitration: true })).toEqual({ arbitration: true });
  });

  it("keeps nothing else", () => {
    expect(validateApplicationSearch({})).toEqual({});
    expect(validateApplicationSearch({ other: "x" })).toEqual({});
  });
});
