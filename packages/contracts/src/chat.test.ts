import { describe, expect, it } from "vitest";
import { CHAT_MESSAGE_MAX_LENGTH, getChatPageInput, requestArbitrationInput, sendChatMessageInput } from "./chat";

describe("sendChatMessageInput", () => {
  it("trims the text", () => {
    expect(sendChatMessageInput.parse({ id: "4", text: "  hello \n" })).toEqual({ id: 4, text: "hello" });
  });
  it("refuses a blank text and one over the limit after trimming", () => {
    expect(sendChatMessageInput.safeParse({ id: 4, text: " \n\t " }).success).toBe(false);
    expect(sendChatMessageInput.safeParse({ id: 4 }).success).toBe(false);
    const longest = "a".repeat(CHAT_MESSAGE_MAX_LENGTH);
    expect(sendChatMessageInput.safeParse({ id: 4, text: `  ${longest}  ` }).success).toBe(true);
    expect(sendChatMessageInput.safeParse({ id: 4, text: `${longest}a` }).success).toBe(false);
  });
});

describe("requestArbitrationInput", () => {
  it("requires a text once trimmed", () => {
    expect(requestArbitrationInput.parse({ id: 2, text: " Not paid " })).toEqual({ id: 2, text: "Not paid" });
    expect(requestArbitrationInput.safeParse({ id: 2, text: "   " }).success).toBe(false);
  });
});

describe("getChatPageInput", () => {
  it("takes no cursor for the newest page and a message id for an older one", () => {
    expect(getChatPageInput.parse({ id: "9" })).toEqual({ id: 9 });
    expect(getChatPageInput.parse({ id: "9", before: "123" })).toEqual({ id: 9, before: 123 });
    expect(getChatPageInput.parse({ id: "9", before: "" })).toEqual({ id: 9 });
  });
  it("refuses cursors that are not a positive message id", () => {
    for (const before of ["0", "-1", "1.5", "0x10", "1e3", "abc", " ", "12345678901234567", 1.5, -2])
      expect(getChatPageInput.safeParse({ id: 9, before }).success).toBe(false);
  });
});
