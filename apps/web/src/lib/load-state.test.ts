import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { loadStateOf, retryExcept } from "./load-state";

const trpcError = (reason: string) =>
  new TRPCClientError("failed", {
    result: { error: { code: -32600, message: "failed", data: { reason } } },
  } as ConstructorParameters<typeof TRPCClientError>[1]);

const OPTIONS = { validId: true, notFoundReasons: ["not_found"], keepDataOnError: false } as const;
const pending = { data: undefined, error: null, isError: false };
const loaded = { data: { id: 7 }, error: null, isError: false };
const failed = (reason: string, data?: { id: number }) => ({ data, error: trpcError(reason), isError: true });

describe("loadStateOf", () => {
  it("is not found for an id that does not parse, whatever the query holds", () => {
    expect(loadStateOf(loaded, { ...OPTIONS, validId: false })).toEqual({ kind: "not_found" });
    expect(loadStateOf(pending, { ...OPTIONS, validId: false })).toEqual({ kind: "not_found" });
  });

  it("is not found for the page's not-found reasons, even over data loaded before", () => {
    expect(loadStateOf(failed("not_found"), OPTIONS)).toEqual({ kind: "not_found" });
    expect(loadStateOf(failed("not_found", { id: 7 }), { ...OPTIONS, keepDataOnError: true })).toEqual({
      kind: "not_found",
    });
    const profile = { ...OPTIONS, notFoundReasons: ["not_found", "invalid"] } as const;
    expect(loadStateOf(failed("invalid"), profile)).toEqual({ kind: "not_found" });
    expect(loadStateOf(failed("invalid"), OPTIONS)).toEqual({ kind: "error", reason: "invalid" });
  });

  it("is loading until the first answer", () => {
    expect(loadStateOf(pending, OPTIONS)).toEqual({ kind: "loading" });
  });

  it("is loaded with the data", () => {
    expect(loadStateOf(loaded, OPTIONS)).toEqual({ kind: "loaded", data: { id: 7 } });
  });

  it("is a load error with its reason when the first load fails", () => {
    expect(loadStateOf(failed("expired"), OPTIONS)).toEqual({ kind: "error", reason: "expired" });
    expect(loadStateOf({ data: undefined, error: new Error("offline"), isError: true }, OPTIONS)).toEqual({
      kind: "error",
      reason: "generic",
    });
  });

  it("shows a failed refetch as a load error, or keeps the data when the page asks to", () => {
    expect(loadStateOf(failed("generic", { id: 7 }), OPTIONS)).toEqual({ kind: "error", reason: "generic" });
    expect(loadStateOf(failed("generic", { id: 7 }), { ...OPTIONS, keepDataOnError: true })).toEqual({
      kind: "loaded",
      data: { id: 7 },
    });
  });
});

describe("retryExcept", () => {
  const retry = retryExcept(["not_found", "expired"]);

  it("never retries a final reason", () => {
    expect(retry(0, trpcError("not_found"))).toBe(false);
    expect(retry(0, trpcError("expired"))).toBe(false);
  });

  it("retries anything else twice, 4xx reasons included", () => {
    for (const error of [trpcError("forbidden"), trpcError("generic"), new Error("offline")]) {
      expect([0, 1, 2].map((failureCount) => retry(failureCount, error))).toEqual([true, true, false]);
    }
  });
});
