import type { ChatMessageView } from "@market/contracts";
import { chatMessages } from "@market/db";
import { failRateLimited } from "../../errors";
import type { Viewer } from "../../viewer";
import { namedAccountRow } from "../account/account-name";
import { type RateLimitDeps, refusalOf, tally } from "../auth/rate-limit";
import type { WebhookJobs } from "../notifications/notify";
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
  deps: RateLimitDeps & { webhookJobs?: WebhookJobs | undefined },
  viewer: Viewer,
  input: { id: number; text: string },
): Promise<ChatMessageView> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    // The attempt's count and the application's row in one round trip, the count in the message's transaction
    // (one commit where the count was a transaction of its own: issue 33). An attempt the limit or the chat refuses
    // still counts, as before: its transaction commits the count alone, and the refusal is thrown after it.
    const [counted, party] = await Promise.all([
      tally({ db: tx, clock: deps.clock, rateLimitScale: deps.rateLimitScale }, LIMIT, String(viewer.userId)),
      openChatForWriting(tx, viewer, input.id, now).catch((error: unknown) => ({ refused: error })),
    ]);
    const retryAfterMs = refusalOf(deps, LIMIT, counted);
    if (retryAfterMs !== null) return { retryAfterMs };
    if ("refused" in party) return party;
    const { application, role } = party;
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
      notifyOtherParty(tx, application, role, { senderId: viewer.userId, text: input.text, at: now }, deps.webhookJobs),
      namedAccountRow(tx, viewer.userId),
    ]);
    if (!message) throw new Error("chat message not inserted");
    return { view: toMessageView({ message, sender, file: null }, viewer.userId) };
  });
  if ("retryAfterMs" in outcome) failRateLimited(outcome.retryAfterMs);
  if ("refused" in outcome) throw outcome.refused;
  return outcome.view;
}

const LIMIT = "chatMessagesPerUser";

type Outcome = { view: ChatMessageView } | { retryAfterMs: number } | { refused: unknown };
