import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { shouldRetry } from "./query-client";

const trpcError = (httpStatus: number) =>
  new TRPCClientError("failed", {
    result: { error: { code: -32600, message: "failed", data: { httpStatus } } },
  } as ConstructorParameters<typeof TRPCClientError>[1]);

describe("shouldRetry", () => {
  it.each([400, 401, 403, 404, 429])("does not retry a %i", (status) => {
    expect(shouldRetry(0, trpcError(status))).toBe(false);
  });

  it("retries server and network failures twice", () => {
    expect(shouldRetry(0, trpcError(500))).toBe(true);
    expect(shouldRetry(1, new TypeError("Failed to fetch"))).toBe(true);
    expect(shouldRetry(2, trpcError(503))).toBe(false);
  });
});
