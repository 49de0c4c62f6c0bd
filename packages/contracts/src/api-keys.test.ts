import { describe, expect, it } from "vitest";
import {
  API_KEY_ACCESS,
  API_KEY_AREAS,
  API_KEY_PATTERN,
  API_KEY_SCOPES,
  createApiKeyInput,
  LOOKS_LIKE_API_KEY,
  rollApiKeyInput,
} from "./api-keys";

describe("API key contracts", () => {
  it("has one scope per area and access, and no other", () => {
    const every = API_KEY_AREAS.flatMap((area) => API_KEY_ACCESS.map((access) => `${area}:${access}`));
    expect([...API_KEY_SCOPES].sort()).toEqual(every.sort());
  });

  it("reads a key's format, and sees a key inside any text", () => {
    const key = `mk_live_${"a".repeat(16)}_${"b".repeat(52)}`;
    expect(API_KEY_PATTERN.exec(key)?.slice(1)).toEqual(["live", "a".repeat(16), "b".repeat(52)]);
    expect(API_KEY_PATTERN.test(key.toUpperCase())).toBe(false);
    expect(API_KEY_PATTERN.test(`${key}x`)).toBe(false);
    expect(LOOKS_LIKE_API_KEY.test(`token=${key}`)).toBe(true);
    expect(LOOKS_LIKE_API_KEY.test("q=mk_live_")).toBe(false);
    expect(LOOKS_LIKE_API_KEY.test("q=mk_test_x")).toBe(true);
  });

  it("takes a name of 1 to 80 characters, known scopes without repeats, and an optional expiry", () => {
    const parsed = createApiKeyInput.parse({ name: " Reports ", scopes: ["account:read", "account:read"] });
    expect(parsed).toEqual({ name: "Reports", scopes: ["account:read"], expiresAt: null });
    expect(createApiKeyInput.safeParse({ name: "x".repeat(80), scopes: ["account:read"] }).success).toBe(true);
    expect(createApiKeyInput.safeParse({ name: "x".repeat(81), scopes: ["account:read"] }).success).toBe(false);
    expect(createApiKeyInput.safeParse({ name: "x", scopes: [] }).success).toBe(false);
    expect(createApiKeyInput.safeParse({ name: "x", scopes: ["account:delete"] }).success).toBe(false);
    const dated = createApiKeyInput.parse({ name: "x", scopes: ["account:read"], expiresAt: "2027-01-01T00:00:00Z" });
    expect(dated.expiresAt).toEqual(new Date("2027-01-01T00:00:00Z"));
  });

  it("rolls with the old key ending in a day by default, a week at most", () => {
    expect(rollApiKeyInput.parse({ id: 3 })).toEqual({ id: 3, oldKeyExpiresInMinutes: 1_440 });
    expect(rollApiKeyInput.safeParse({ id: 3, oldKeyExpiresInMinutes: 10_080 }).success).toBe(true);
    expect(rollApiKeyInput.safeParse({ id: 3, oldKeyExpiresInMinutes: 10_081 }).success).toBe(false);
    expect(rollApiKeyInput.safeParse({ id: 3, oldKeyExpiresInMinutes: -1 }).success).toBe(false);
  });
});
