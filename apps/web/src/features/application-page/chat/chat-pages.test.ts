import type { ChatMessageView } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { messagesInReadingOrder, olderPageCursor } from "./chat-pages";

const text = (id: number): ChatMessageView => ({
  id,
  created: new Date(id * 1000),
  sender: null,
  isMe: false,
  type: "text",
  text: `m${id}`,
});

describe("chat pages", () => {
  it("reads the newest page and the older ones from the oldest down to the newest", () => {
    const newest = { messages: [text(9), text(8), text(7)], before: 7 };
    const older = { messages: [text(6), text(5)], before: null };
    expect(messagesInReadingOrder([newest, older]).map((message) => message.id)).toEqual([5, 6, 7, 8, 9]);
  });

  it("asks for an older page until the start of the chat", () => {
    expect(olderPageCursor({ messages: [text(9)], before: 9 })).toBe(9);
    expect(olderPageCursor({ messages: [text(1)], before: null })).toBeUndefined();
  });
});
