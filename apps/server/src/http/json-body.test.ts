import { describe, expect, it } from "vitest";
import { bodyRefusal, MAX_BODY_DEPTH } from "./json-body";

/** An object holding arrays `levels` deep in all (the object counts as one). */
const nested = (levels: number) => ({ a: JSON.parse(`${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}`) });

describe("bodyRefusal", () => {
  it("takes a JSON object of any shape within the rules", () => {
    expect(bodyRefusal({})).toBeNull();
    expect(bodyRefusal({ text: "Hi\nthere", ids: [1, 2], prices: [{ networkId: 1, price: 30 }], ok: true })).toBeNull();
    expect(bodyRefusal(nested(MAX_BODY_DEPTH))).toBeNull();
  });

  it("refuses a body that is not one object", () => {
    for (const body of [[], [{}], "x", 5, true, null]) {
      expect(bodyRefusal(body), JSON.stringify(body)).toEqual({ path: [], message: "The body is not a JSON object." });
    }
  });

  it("refuses nesting past the bound, however deep", () => {
    const tooDeep = { path: ["a", ...Array(MAX_BODY_DEPTH - 1).fill(0)], message: "Nested deeper than 32 levels." };
    expect(bodyRefusal(nested(MAX_BODY_DEPTH + 1))).toEqual(tooDeep);
    expect(bodyRefusal(nested(10_000))).toEqual(tooDeep);
  });

  it("refuses U+0000 in a string or a key, at any depth", () => {
    const nul = (...path: (string | number)[]) => ({ path, message: "Holds the character U+0000." });
    expect(bodyRefusal({ a: "\u0000" })).toEqual(nul("a"));
    expect(bodyRefusal({ a: [{ b: "ok", c: ["x\u0000y"] }] })).toEqual(nul("a", 0, "c", 0));
    expect(bodyRefusal({ "a\u0000": 1 })).toEqual(nul("a\u0000"));
  });
});
