import { type ApplicationStatus, CHAT_DISABLED_MAX_MESSAGES, type ChatDisabledReason } from "@market/contracts";

/**
 * Spec section 4: the chat is disabled when the application is DENIED and has CHAT_DISABLED_MAX_MESSAGES messages
 * or fewer (declined or expired before a conversation started); it stays open otherwise, a declined proposal with
 * a conversation included. `status` is the effective one (a lapsed WAITING proposal reads DENIED); `messageCount`
 * leaves out the arbitration lines (chat-access.ts's conversationCountSql). A refunded hire closes by the same
 * count, but its reason says so: its closing line tells who refunded what, never "declined".
 */
export function chatDisabledReason(
  status: ApplicationStatus,
  messageCount: number,
  refunded = false,
): ChatDisabledReason | null {
  if (status !== "DENIED" || messageCount > CHAT_DISABLED_MAX_MESSAGES) return null;
  return refunded ? "refunded" : "denied_few_messages";
}
