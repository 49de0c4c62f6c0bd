import { describe, expect, it } from "vitest";
import { IMPERSONATION_NEXT_MAX, impersonationNextPath } from "./impersonation-next";

describe("impersonationNextPath", () => {
  it.each([
    ["brand", "/campaigns/12", "/campaigns/12"],
    ["brand", "/applications/7", "/applications/7"],
    ["brand", "/campaigns?state=paused&query=shoes", "/campaigns?state=paused&query=shoes"],
    ["influencer", "/proposals/7", "/proposals/7"],
    ["influencer", "/earnings", "/earnings"],
    ["influencer", "/deals/3#top", "/deals/3#top"],
  ] as const)("lets a %s's link land on %s", (kind, next, path) => {
    expect(impersonationNextPath(kind, next)).toBe(path);
  });

  it.each([
    ["an absolute URL", "https://evil.example/campaigns"],
    ["a scheme-relative URL", "//evil.example/campaigns"],
    ["a backslash a browser reads as a slash", "/\\evil.example/campaigns"],
    ["a backslash further on", "/campaigns\\12"],
    ["a tab a browser strips", "/\t/evil.example"],
    ["a newline", "/campaigns/1\n"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path without its slash", "campaigns/12"],
    ["the console", "/admin"],
    ["a console page", "/admin/users/3"],
    ["a way up into the console", "/campaigns/../admin"],
    ["an encoded way up", "/campaigns/%2e%2e/admin"],
    ["an encoded double slash", "/%2F%2Fevil.example"],
    ["the other kind's page", "/earnings"],
    ["the site's root", "/"],
    ["an API path", "/api/test/users"],
    ["the empty string", ""],
    ["no string", 12],
    ["a value repeated in the query", ["/campaigns/1", "/campaigns/2"]],
    ["one too long", `/campaigns/${"1".repeat(IMPERSONATION_NEXT_MAX)}`],
  ])("refuses %s", (_label, next) => {
    expect(impersonationNextPath("brand", next)).toBeNull();
  });

  it("keeps each kind in its own tree", () => {
    expect(impersonationNextPath("influencer", "/campaigns/12")).toBeNull();
    expect(impersonationNextPath("brand", "/earnings")).toBeNull();
    expect(impersonationNextPath("influencer", "/admin")).toBeNull();
  });
});
