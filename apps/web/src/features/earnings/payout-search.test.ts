import { describe, expect, it } from "vitest";
import { validatePayoutSearch } from "./payout-search";

describe("validatePayoutSearch", () => {
  it("keeps a payout id to retry, from a number or the URL's string", () => {
    expect(validatePayoutSearch({ retry: 12 })).toEqual({ retry: 12 });
    expect(validatePayoutSearch({ retry: "12" })).toEqual({ retry: 12 });
  });

  it("drops anything that is not a positive whole id, and other keys", () => {
    for (const retry of [0, -3, 1.5, "x", "", null, undefined, 2 ** 53]) {
      expect(validatePayoutSearch({ retry }), String(retry)).toEqual({});
    }
    expect(validatePayoutSearch({ retry: 4, amount: 9_999 })).toEqual({ retry: 4 });
  });
});
