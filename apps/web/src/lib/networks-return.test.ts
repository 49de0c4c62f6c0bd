import { describe, expect, it } from "vitest";
import { canApplyWith, dealIdOfNext, networksTabSearch } from "./networks-return";

describe("networksTabSearch", () => {
  it("keeps the page the modal was opened on as next", () => {
    expect(networksTabSearch("/deals/12")).toEqual({ p: "networks", next: "/deals/12" });
    expect(networksTabSearch("/proposals/3")).toEqual({ p: "networks", next: "/proposals/3" });
  });

  it("never carries a path that could lead off the site", () => {
    for (const from of ["//evil.example/deals/1", "https://evil.example", "/\\evil.example", "deals/1", ""]) {
      expect(networksTabSearch(from), from).toEqual({ p: "networks" });
    }
  });
});

describe("dealIdOfNext", () => {
  it("reads the deal of a deal page path", () => {
    expect(dealIdOfNext("/deals/12")).toBe(12);
    expect(dealIdOfNext("/deals/12?x=1")).toBe(12);
  });

  it("is null for anything else", () => {
    for (const next of [null, undefined, "", "/deals/", "/deals/0", "/deals/12/x", "/deals/abc", "/proposals/12"]) {
      expect(dealIdOfNext(next), String(next)).toBeNull();
    }
  });
});

describe("canApplyWith", () => {
  const network = (type: "youtube" | "blog", isVerified: boolean, isConflicting: boolean) => ({
    type,
    isVerified,
    isConflicting,
  });

  it("needs a verified, non-conflicting network of a type the deal asks for", () => {
    expect(canApplyWith([network("youtube", true, false)], ["youtube"])).toBe(true);
    expect(canApplyWith([network("youtube", false, false)], ["youtube"])).toBe(false);
    expect(canApplyWith([network("youtube", true, true)], ["youtube"])).toBe(false);
    expect(canApplyWith([network("blog", true, false)], ["youtube"])).toBe(false);
    expect(canApplyWith([network("youtube", true, true), network("youtube", true, false)], ["youtube"])).toBe(true);
    expect(canApplyWith([], ["youtube"])).toBe(false);
  });
});
