import { chatMessages, count, eq, type Tx } from "@market/db";
import { fail } from "../../errors";
import { effectiveStatus } from "../applications/effective-status";
import { applicationOfParty } from "../applications/parties";
import type { Viewer } from "../auth/sessions";
import { chatDisabledReason } from "./chat-rules";

/** How many messages a chat holds (an index-only count over chat_messages_application_created_idx). */
export async function messageCountOf(tx: Tx, applicationId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(chatMessages).where(eq(chatMessages.applicationId, applicationId));
  return row?.n ?? 0;
}

/**
 * The application one of its parties writes to, share-locked for the transaction: anyone else gets not_found, and
 * a chat the rule disables (a DENIED application with few messages) refuses with chat_disabled.
 */
export async function openChatForWriting(tx: Tx, viewer: Viewer, applicationId: number, now: Date) {
  const party = await applicationOfParty(tx, viewer, applicationId, "share");
  const { status } = effectiveStatus(party.application, now);
  if (chatDisabledReason(status, await messageCountOf(tx, applicationId))) {
    fail("BAD_REQUEST", "chat_disabled", "The chat is closed: this proposal was declined before a conversation.");
  }
  return party;
}
