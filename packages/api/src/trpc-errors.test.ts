import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { fail, reasonOf } from "./errors";

describe("reasonOf", () => {
  it("keeps the reason a service failed with", () => {
    try {
      fail("BAD_REQUEST", "paused");
    } catch (error) {
      expect(reasonOf(error as TRPCError)).toBe("paused");
    }
    expect.assertions(1);
  });

  it("derives a reason from the code otherwise, and generic for server faults", () => {
    expect(reasonOf(new TRPCError({ code: "BAD_REQUEST" }))).toBe("invalid");
    expect(reasonOf(new TRPCError({ code: "NOT_FOUND" }))).toBe("not_found");
    expect(reasonOf(new TRPCError({ code: "TOO_MANY_REQUESTS" }))).toBe("rate_limited");
    expect(reasonOf(new TRPCError({ code: "INTERNAL_SERVER_ERROR" }))).toBe("generic");
  });
});
