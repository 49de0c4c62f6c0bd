import type { ChatMessagePayload, ChatMessageView } from "@market/contracts";
import type { ChatMessage } from "@market/db";
import { fileUrl, pictureUrl } from "../files/picture-url";

/** A stored message with its sender and file, as the page query reads it. */
export interface MessageRow {
  message: ChatMessage;
  sender: { id: number; username: string; picture: string | null } | null;
  file: { id: string; name: string; type: string; sizeBytes: number } | null;
}

function payloadOf<T extends ChatMessagePayload["type"]>(
  message: ChatMessage,
  type: T,
): Extract<ChatMessagePayload, { type: T }> {
  const payload = message.payload;
  if (payload?.type !== type) throw new Error(`chat message ${message.id} (${type}) has no ${type} payload`);
  return payload as Extract<ChatMessagePayload, { type: T }>;
}

/** A message as the viewer reads it (spec section 3): one variant per type, isMe from the viewer's side. */
export function toMessageView({ message, sender, file }: MessageRow, viewerId: number): ChatMessageView {
  const base = {
    id: message.id,
    created: message.createdAt,
    sender: sender && { id: sender.id, username: sender.username, picture: pictureUrl(sender.picture) },
    isMe: message.senderId !== null && message.senderId === viewerId,
  };
  switch (message.type) {
    case "text":
      return { ...base, type: "text", text: message.text ?? "" };
    case "file":
      return { ...base, type: "file", file: file && { ...file, url: fileUrl(file.id) } };
    case "payment": {
      const { amountCents, feePercent } = payloadOf(message, "payment");
      return { ...base, type: "payment", amountCents, feePercent };
    }
    case "price_update":
      return { ...base, type: "price_update", changes: payloadOf(message, "price_update").changes };
    case "change_request":
      return { ...base, type: "change_request", prices: payloadOf(message, "change_request").prices };
    case "work_done":
      return {
        ...base,
        type: "work_done",
        moneyReleaseDate: new Date(payloadOf(message, "work_done").moneyReleaseDate),
      };
    case "work_not_done":
      return { ...base, type: "work_not_done", text: message.text };
    case "money_released":
      return { ...base, type: "money_released", automatic: payloadOf(message, "money_released").automatic };
    case "arbitration":
      return { ...base, type: "arbitration" };
    case "refund":
      return { ...base, type: "refund", amountCents: payloadOf(message, "refund").amountCents };
    case "case_closed": {
      const { moneyReleaseDate } = payloadOf(message, "case_closed");
      return { ...base, type: "case_closed", moneyReleaseDate: moneyReleaseDate ? new Date(moneyReleaseDate) : null };
    }
  }
}
