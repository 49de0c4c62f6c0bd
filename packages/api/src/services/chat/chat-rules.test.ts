import { APPLICATION_STATUSES, CHAT_DISABLED_MAX_MESSAGES } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { chatDisabledReason } from "./chat-rules";

describe("chatDisabledReason", () => {
  it("disables a DENIED application's chat with 4 messages or fewer", () => {
    for (let count = 0; count <= CHAT_DISABLED_MAX_MESSAGES; count++)
      expect(chatDisabledReason("DENIED", count)).toBe("denied_few_messages");
  });
  it("says a refunded hire's chat closed on its refund, by the same count", () => {
    expect(chatDisabledReason("DENIED", CHAT_DISABLED_MAX_MESSAGES, true)).toBe("refunded");
    expect(chatDisabledReason("DENIED", CHAT_DISABLED_MAX_MESSAGES + 1, true)).toBeNull();
  });
  it("keeps a DENIED application's chat open from 5 messages", () => {
    expect(chatDisabledReason("DENIED", CHAT_DISABLED_MAX_MESSAGES + 1)).toBeNull();
  });
  it("keeps every other status's chat open, however few the messages", () => {
    for (const status of APPLICATION_STATUSES.filter((status) => status !== "DENIED"))
      for (const count of [0, 1, CHAT_DISABLED_MAX_MESSAGES, 100]) expect(chatDisabledReason(status, count)).toBeNull();
  });
});
