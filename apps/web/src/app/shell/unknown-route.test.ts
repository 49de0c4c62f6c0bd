import { describe, expect, it } from "vitest";
import { unknownRouteTarget } from "./unknown-route";

describe("unknownRouteTarget", () => {
  it.each([
    ["brand", "/hires", "/campaigns"],
    ["brand", "/", "/campaigns"],
    ["influencer", "/deals/12", "/search"],
    ["visitor", "/campaigns", "/find"],
    ["visitor", "/settings", "/find"],
  ] as const)("sends a %s from %s to %s", (kind, pathname, home) => {
    expect(unknownRouteTarget(kind, pathname)).toBe(home);
  });

  it("leaves a user on their home when it is unknown too", () => {
    expect(unknownRouteTarget("influencer", "/search")).toBeNull();
  });
});
