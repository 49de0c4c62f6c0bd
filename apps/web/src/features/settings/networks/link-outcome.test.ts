import { NETWORK_LINK_ERRORS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { hasOutcomeParameters, linkOutcomeOf, searchWithoutOutcome } from "./link-outcome";

describe("linkOutcomeOf", () => {
  it("names each error value of spec section 8", () => {
    for (const error of NETWORK_LINK_ERRORS) {
      expect(linkOutcomeOf({ p: "networks", error })).toEqual({ kind: "error", error });
    }
  });

  it("shows a value it does not know as the generic error", () => {
    expect(linkOutcomeOf({ error: "teapot" })).toEqual({ kind: "error", error: "unknown" });
  });

  it("names the network a flow linked or refreshed", () => {
    expect(linkOutcomeOf({ linked: "youtube" })).toEqual({ kind: "linked", type: "youtube" });
    expect(linkOutcomeOf({ refreshed: "instagram" })).toEqual({ kind: "refreshed", type: "instagram" });
  });

  it("has nothing to show without an outcome, or for a network it does not know", () => {
    expect(linkOutcomeOf({ p: "networks" })).toBeNull();
    expect(linkOutcomeOf({ p: "networks", error: "" })).toBeNull();
    expect(linkOutcomeOf({ linked: "myspace" })).toBeNull();
  });

  it("prefers the error when both are there", () => {
    expect(linkOutcomeOf({ linked: "youtube", error: "followers" })).toEqual({ kind: "error", error: "followers" });
  });
});

describe("clearing the outcome", () => {
  it("keeps the tab and the page to go back to, and drops the rest", () => {
    expect(searchWithoutOutcome({ p: "networks", error: "followers", next: "/deals/4" })).toEqual({
      p: "networks",
      next: "/deals/4",
    });
    expect(searchWithoutOutcome({ linked: "youtube" })).toEqual({ p: "networks" });
  });

  it("drops a next that would leave the site", () => {
    expect(searchWithoutOutcome({ p: "networks", error: "none", next: "//evil.example" })).toEqual({ p: "networks" });
  });

  it("knows when the address carries something to clear", () => {
    expect(hasOutcomeParameters({ p: "networks", next: "/deals/4" })).toBe(false);
    expect(hasOutcomeParameters({ p: "networks", error: "" })).toBe(true);
    expect(hasOutcomeParameters({ linked: "myspace" })).toBe(true);
    expect(hasOutcomeParameters({ refreshed: "instagram" })).toBe(true);
  });
});
