import type { ChatMessagePayload, ChatMessageView } from "@market/contracts";
import type { ChatMessage } from "@market/db";
import type { NamedAccountRow } from "../account/account-name";
import { fileUrl, pictureUrl } from "../files/picture-url";

/** A stored message with its sender and file, as the page query reads it. */
export interface MessageRow {
  message: ChatMessage;
  sender: NamedAccountRow | null;
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

/** An admin's reason for a decision taken from the console (issue 36): the line's text, when it has one. */
const reasonOf = (message: ChatMessage): { reason?: string } => (message.text ? { reason: message.text } : {});

/** A message as the viewer reads it (spec section 3): one variant per type, isMe from the viewer's side. */
export function toMessageView({ message, sender, file }: MessageRow, viewerId: number): ChatMessageView {
  // Each variant is Object.assign(base, its keys): `{ ...base, type, ... }` costs about 1 µs a message on Node 20
  // (docs/performance.md, "Spread first"), this 0.04.
  const base = {
    id: message.id,
    created: message.createdAt,
    sender: sender && {
      id: sender.id,
      username: sender.username,
      name: sender.name,
      picture: pictureUrl(sender.picture),
    },
    isMe: message.senderId !== null && message.senderId === viewerId,
  };
  switch (message.type) {
    case "text":
      return Object.assign(base, { type: "text" as const, text: message.text ?? "" });
    case "file":
      return Object.assign(base, {
        type: "file" as const,
        file: file && {
          id: file.id,
          name: file.name,
          type: file.type,
          sizeBytes: file.sizeBytes,
          url: fileUrl(file.id),
        },
      });
    case "payment": {
      const { amountCents, feePercent } = payloadOf(message, "payment");
      return Object.assign(base, { type: "payment" as const, amountCents, feePercent });
    }
    case "price_update":
      return Object.assign(base, {
        type: "price_update" as const,
        changes: payloadOf(message, "price_update").changes,
      });
    case "change_request":
      return Object.assign(base, {
        type: "change_request" as const,
        prices: payloadOf(message, "change_request").prices,
      });
    case "work_done":
      return Object.assign(base, {
        type: "work_done" as const,
        moneyReleaseDate: new Date(payloadOf(message, "work_done").moneyReleaseDate),
      });
    case "work_not_done":
      return Object.assign(base, { type: "work_not_done" as const, text: message.text });
    case "money_released":
      return Object.assign(base, {
        type: "money_released" as const,
        automatic: payloadOf(message, "money_released").automatic,
        ...reasonOf(message),
      });
    case "arbitration":
      return Object.assign(base, { type: "arbitration" as const });
    case "refund":
      return Object.assign(base, {
        type: "refund" as const,
        amountCents: payloadOf(message, "refund").amountCents,
        ...reasonOf(message),
      });
    case "case_closed": {
      const { moneyReleaseDate } = payloadOf(message, "case_closed");
      return Object.assign(base, {
        type: "case_closed" as const,
        moneyReleaseDate: moneyReleaseDate ? new Date(moneyReleaseDate) : null,
        ...reasonOf(message),
      });
    }
  }
}
