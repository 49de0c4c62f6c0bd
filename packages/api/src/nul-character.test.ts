import { describe, expect, it } from "vitest";
import { findNulCharacter } from "./nul-character";

describe("findNulCharacter", () => {
  it("finds none in ordinary inputs", () => {
    expect(findNulCharacter(undefined)).toBeNull();
    expect(findNulCharacter("café ☕ \n\t")).toBeNull();
    expect(findNulCharacter({ query: "x", page: 2, tags: ["a", null, true], at: new Date(0) })).toBeNull();
  });

  it("gives the path of the first string holding one", () => {
    expect(findNulCharacter("a\u0000b")).toEqual([]);
    expect(findNulCharacter({ query: "ab\u0000c" })).toEqual(["query"]);
    expect(
      findNulCharacter({ prices: [{ price: 30 }, { price: "3\u00000", creationDays: "\u0000" }], text: "\u0000" }),
    ).toEqual(["prices", 1, "price"]);
  });

  it("checks object keys too", () => {
    expect(findNulCharacter({ data: { "first\u0000Name": "Ann" } })).toEqual(["data", "first\u0000Name"]);
  });

  it("walks arrays and plain objects only", () => {
    expect(findNulCharacter(new Map([["k", "\u0000"]]))).toBeNull();
    expect(findNulCharacter(Object.assign(Object.create(null), { text: "\u0000" }))).toEqual(["text"]);
  });
});
