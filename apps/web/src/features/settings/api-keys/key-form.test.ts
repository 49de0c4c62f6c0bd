import { API_KEY_ROLL_DEFAULT_MINUTES, API_KEY_ROLL_MAX_MINUTES, DAY_MS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { createKeyBody, EMPTY_KEY_FORM, keyFormErrors, ROLL_ENDS, toggleScope } from "./key-form";

describe("the API key form", () => {
  it("asks for a name of at most 80 characters and at least one scope", () => {
    expect(keyFormErrors(EMPTY_KEY_FORM)).toEqual({
      name: { key: "VALIDATION.REQUIRED" },
      scopes: { key: "SETTINGS.API.SCOPES_REQUIRED" },
    });
    expect(keyFormErrors({ name: "x".repeat(81), scopes: ["account:read"], expiry: "never" })).toEqual({
      name: { key: "VALIDATION.TOO_LONG", values: { max: 80 } },
    });
    expect(keyFormErrors({ name: "  ok ", scopes: ["account:read"], expiry: "30" })).toEqual({});
  });

  it("sends the trimmed name and the expiry as an instant, or none", () => {
    const now = new Date("2026-12-06T08:00:00Z");
    expect(createKeyBody({ name: " r ", scopes: ["campaigns:read"], expiry: "never" }, now)).toEqual({
      name: "r",
      scopes: ["campaigns:read"],
      expiresAt: null,
    });
    expect(createKeyBody({ name: "r", scopes: ["campaigns:read"], expiry: "30" }, now).expiresAt).toBe(
      new Date(now.getTime() + 30 * DAY_MS).toISOString(),
    );
  });

  it("ticks and unticks a scope", () => {
    expect(toggleScope([], "campaigns", "read")).toEqual(["campaigns:read"]);
    expect(toggleScope(["campaigns:read", "account:write"], "campaigns", "read")).toEqual(["account:write"]);
  });

  it("offers roll ends the server takes, its default among them", () => {
    expect(ROLL_ENDS.every((minutes) => minutes >= 0 && minutes <= API_KEY_ROLL_MAX_MINUTES)).toBe(true);
    expect(ROLL_ENDS).toContain(API_KEY_ROLL_DEFAULT_MINUTES);
  });
});
