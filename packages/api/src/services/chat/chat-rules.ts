import { type ApplicationStatus, CHAT_DISABLED_MAX_MESSAGES, type ChatDisabledReason } from "@market/contracts";

/**
 * Spec section 4: the chat is disabled when the application is DENIED and has CHAT_DISABLED_MAX_MESSAGES messages
 * or fewer (declined or expired before a conversation started); it stays open otherwise, a declined proposal with
 * a conversation included. `status` is the effective one (a lapsed WAITING proposal reads DENIED); `messageCount`
 * leaves out the arbitration lines (chat-access.ts's conversationCountSql).
 */
export function chatDisabledReason(status: ApplicationStatus, messageCount: number): ChatDisabledReason | null {
  return status === "DENIED" && messageCount <= CHAT_DISABLED_MAX_MESSAGES ? "denied_few_messages" : null;
}
