import { describe, expect, it } from "vitest";
import {
  addNetworkInput,
  instagramCodeInput,
  instagramVerifyPath,
  linkMethodOf,
  networkLinkPath,
  networkTabPath,
  safeNextPath,
} from "./networks";

describe("addNetworkInput", () => {
  it("trims the name and removes every space", () => {
    expect(addNetworkInput.parse({ type: "blog", title: "  My  Travel\tBlog " })).toEqual({
      type: "blog",
      title: "MyTravelBlog",
    });
  });

  it("requires a name", () => {
    expect(addNetworkInput.safeParse({ type: "blog", title: "   " }).success).toBe(false);
    expect(addNetworkInput.safeParse({ type: "blog" }).success).toBe(false);
  });

  it("takes only the networks added by name", () => {
    expect(addNetworkInput.safeParse({ type: "youtube", title: "me" }).success).toBe(false);
    expect(addNetworkInput.safeParse({ type: "instagram", title: "me" }).success).toBe(false);
  });
});

describe("instagramCodeInput", () => {
  it("drops a leading @ and the case", () => {
    expect(instagramCodeInput.parse({ username: " @Alex.Morgan_ " })).toEqual({ username: "alex.morgan_" });
  });

  it("refuses what cannot be a username", () => {
    for (const username of ["", "a b", "a/b", "x".repeat(31)]) {
      expect(instagramCodeInput.safeParse({ username }).success).toBe(false);
    }
  });
});

describe("paths", () => {
  it("names how each network is linked", () => {
    expect(linkMethodOf("youtube")).toBe("oauth");
    expect(linkMethodOf("instagram")).toBe("bio-code");
    expect(linkMethodOf("blog")).toBe("name");
  });

  it("carries a next path of the site only", () => {
    expect(networkLinkPath("youtube", "/deals/12")).toBe("/auth/youtube?next=%2Fdeals%2F12");
    expect(networkLinkPath("youtube", "//evil.example")).toBe("/auth/youtube");
    expect(networkLinkPath("youtube", "https://evil.example")).toBe("/auth/youtube");
    expect(safeNextPath("/\\evil.example")).toBeNull();
    expect(instagramVerifyPath("alex", "/deals/3")).toBe("/auth/instagram/verify?data=alex&next=%2Fdeals%2F3");
  });

  it("ends on the networks tab with what happened", () => {
    expect(networkTabPath({ error: "too-late" })).toBe("/account?p=networks&error=too-late");
    expect(networkTabPath({ linked: "youtube" }, "/deals/12")).toBe(
      "/account?p=networks&linked=youtube&next=%2Fdeals%2F12",
    );
    expect(networkTabPath({ error: "unknown" }, "//evil")).toBe("/account?p=networks&error=unknown");
  });
});
