import { describe, expect, it } from "vitest";
import { checkAddNetwork, isUnlinkableType, savedTitleOf, showsSavedTitle } from "./add-network-form";

describe("the name of a network added by name", () => {
  it("is trimmed and loses every space", () => {
    expect(savedTitleOf("My Blog ")).toBe("MyBlog");
    expect(savedTitleOf("  my\tcool  blog\n")).toBe("mycoolblog");
    expect(savedTitleOf("   ")).toBeNull();
    expect(savedTitleOf("")).toBeNull();
  });

  it("shows the saved name only when it differs from what was typed", () => {
    expect(showsSavedTitle("My Blog")).toBe(true);
    expect(showsSavedTitle(" blog")).toBe(true);
    expect(showsSavedTitle("blog")).toBe(false);
    expect(showsSavedTitle("   ")).toBe(false);
  });
});

describe("checkAddNetwork", () => {
  it("sends the type and the name as it will be saved", () => {
    expect(checkAddNetwork({ type: "blog", title: " My Blog " }, [{ type: "youtube" }])).toEqual({
      ok: true,
      input: { type: "blog", title: "MyBlog" },
    });
  });

  it("requires a type and a name", () => {
    expect(checkAddNetwork({ type: "", title: "  " }, [])).toEqual({
      ok: false,
      errors: { type: "required", title: "required" },
    });
  });

  it("refuses a second network of a type the influencer has", () => {
    expect(checkAddNetwork({ type: "tumblr", title: "other" }, [{ type: "tumblr" }])).toEqual({
      ok: false,
      errors: { type: "duplicate" },
    });
  });

  it("refuses a name longer than the contract allows", () => {
    expect(checkAddNetwork({ type: "blog", title: "x".repeat(101) }, [])).toEqual({
      ok: false,
      errors: { title: "too_long" },
    });
    expect(checkAddNetwork({ type: "blog", title: `${"x".repeat(100)}   ` }, []).ok).toBe(true);
  });

  it("refuses a name holding a control character, which removing the spaces leaves", () => {
    expect(checkAddNetwork({ type: "blog", title: "My\u0001Blog" }, [])).toEqual({
      ok: false,
      errors: { title: "single_line" },
    });
  });

  it("knows the networks added by name", () => {
    expect(["snapchat", "pinterest", "tumblr", "blog"].every(isUnlinkableType)).toBe(true);
    expect(isUnlinkableType("youtube")).toBe(false);
  });
});
