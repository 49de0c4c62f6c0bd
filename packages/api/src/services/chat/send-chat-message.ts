import type { ChatMessageView } from "@market/contracts";
import { chatMessages } from "@market/db";
import type { Viewer } from "../../viewer";
import { namedAccountRow } from "../account/account-name";
import { type RateLimitDeps, throttle } from "../auth/rate-limit";
import { openChatForWriting } from "./chat-access";
import { toMessageView } from "./message-view";
import { notifyOtherParty } from "./notify-other-party";

/**
 * POST /api/applications/{id}/messages: a text from one party (trimmed and bounded by sendChatMessageInput) to the
 * chat, and a notification to the other. An impersonating admin's message goes out as the user (spec section 6),
 * with the admin kept in impersonator_id for the record. Reasons: not_found (not a party), chat_disabled,
 * rate_limited (more than RATE_LIMITS.chatMessagesPerUser).
 */
export async function sendChatMessage(
  deps: RateLimitDeps,
  viewer: Viewer,
  input: { id: number; text: string },
): Promise<ChatMessageView> {
  await throttle(deps, [["chatMessagesPerUser", String(viewer.userId)]]);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { application, role } = await openChatForWriting(tx, viewer, input.id, now);
    // The message, the notification and the sender's name need nothing from one another: sent together on the
    // transaction's connection, they take one round trip and then notify's NOTIFY one more (issue 33), where each
    // was a round trip of its own with the application's row held.
    const [[message], , sender] = await Promise.all([
      tx
        .insert(chatMessages)
        .values({
          applicationId: application.id,
          senderId: viewer.userId,
          impersonatorId: viewer.impersonatorId,
          type: "text",
          text: input.text,
          createdAt: now,
        })
        .returning(),
      notifyOtherParty(tx, application, role, { senderId: viewer.userId, text: input.text, at: now }),
      namedAccountRow(tx, viewer.userId),
    ]);
    if (!message) throw new Error("chat message not inserted");
    return toMessageView({ message, sender, file: null }, viewer.userId);
  });
}
