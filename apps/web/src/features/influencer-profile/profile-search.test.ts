import { describe, expect, it } from "vitest";
import { validateProfileSearch } from "./profile-search";

describe("the profile's search", () => {
  it("keeps the application it was opened from", () => {
    expect(validateProfileSearch({ application: 42 })).toEqual({ application: 42 });
    expect(validateProfileSearch({ application: "42" })).toEqual({ application: 42 });
  });

  it("drops anything that is not an application id: the way back is then the search", () => {
    for (const application of [undefined, null, "", "abc", 0, -3, 1.5, "1e400", "//evil.example"]) {
      expect(validateProfileSearch({ application })).toEqual({});
    }
  });
});
