import { REASONS } from "@market/contracts";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { i18n, loadAllTexts } from "./i18n";
import { REASON_MESSAGE_KEYS, reasonOf } from "./reasons";

// The first load carries only the landing's texts (lib/i18n.ts).
await loadAllTexts();

const trpcError = (data: unknown) =>
  new TRPCClientError("failed", {
    result: { error: { code: -32600, message: "failed", data } },
  } as ConstructorParameters<typeof TRPCClientError>[1]);

describe("reason messages", () => {
  it.each(REASONS)("has an English message for %s", (reason) => {
    expect(i18n.exists(REASON_MESSAGE_KEYS[reason])).toBe(true);
  });
});

describe("reasonOf", () => {
  it("reads the reason the server put in a tRPC error", () => {
    expect(reasonOf(trpcError({ reason: "paused" }))).toBe("paused");
  });

  it.each([
    ["an unknown reason", trpcError({ reason: "toString" })],
    ["no reason", trpcError({})],
    ["any other error", new Error("boom")],
  ])("is generic for %s", (_, error) => {
    expect(reasonOf(error)).toBe("generic");
  });
});
