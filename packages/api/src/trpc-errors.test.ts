import { REASON_STATUS, REASONS } from "@market/contracts";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { describe, expect, it } from "vitest";
import { fail, ReasonError } from "./errors";
import { reasonOf, translated, trpcErrorOf } from "./trpc-errors";

describe("the tRPC edge of a refusal", () => {
  it("answers every reason with REASON_STATUS's status, the refusal as the cause", () => {
    for (const reason of REASONS) {
      const refusal = new ReasonError(reason, "A message to read.");
      const error = trpcErrorOf(refusal);
      expect(getHTTPStatusCodeFromError(error), reason).toBe(REASON_STATUS[reason]);
      expect(error.cause).toBe(refusal);
      expect(error.message).toBe("A message to read.");
      expect(reasonOf(error)).toBe(reason);
    }
  });

  it("translates what tRPC made of a thrown refusal, and leaves any other error as it is", () => {
    const thrown = (() => {
      try {
        fail("paused");
      } catch (error) {
        return error;
      }
    })();
    const wrapped = new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: thrown as Error });
    expect(getHTTPStatusCodeFromError(translated(wrapped))).toBe(409);
    const fault = new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: new Error("boom") });
    expect(translated(fault)).toBe(fault);
    const own = new TRPCError({ code: "BAD_REQUEST" });
    expect(translated(own)).toBe(own);
  });

  it("derives a reason from the code otherwise, and generic for server faults", () => {
    expect(reasonOf(new TRPCError({ code: "BAD_REQUEST" }))).toBe("invalid");
    expect(reasonOf(new TRPCError({ code: "NOT_FOUND" }))).toBe("not_found");
    expect(reasonOf(new TRPCError({ code: "TOO_MANY_REQUESTS" }))).toBe("rate_limited");
    expect(reasonOf(new TRPCError({ code: "INTERNAL_SERVER_ERROR" }))).toBe("generic");
  });
});
