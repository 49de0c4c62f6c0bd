import { describe, expect, it } from "vitest";
import { parsePlainSearch, stringifyPlainSearch } from "./plain-search";

describe("the console's plain search params", () => {
  it("writes number-like texts and numbers without quotes, and drops undefined", () => {
    expect(stringifyPlainSearch({ adminId: "336", userId: 12, action: "refund", to: undefined })).toBe(
      "?adminId=336&userId=12&action=refund",
    );
    expect(stringifyPlainSearch({})).toBe("");
  });

  it("reads every value back as the text it was, whatever it looks like", () => {
    expect(parsePlainSearch("?adminId=336&q=true&brand=%22Acme%22&from=2026-05-01")).toEqual({
      adminId: "336",
      q: "true",
      brand: '"Acme"',
      from: "2026-05-01",
    });
  });

  it("round-trips a search through the address", () => {
    const search = { q: "ana@demo.test", kind: "brand", flag: "7" };
    expect(parsePlainSearch(stringifyPlainSearch(search))).toEqual(search);
  });
});
