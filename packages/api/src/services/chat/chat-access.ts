import { chatMessages, eq, type SQL, sql, type Tx } from "@market/db";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { effectiveStatus } from "../applications/effective-status";
import { applicationOfParty } from "../applications/parties";
import { chatDisabledReason } from "./chat-rules";

/**
 * SQL: how many of the selected chat messages count as the conversation for the chat-disabled rule: all but the
 * arbitration lines, which are the platform's (asking for arbitration must not reopen a closed chat).
 */
export const conversationCountSql = (): SQL<number> =>
  sql<number>`(count(*) filter (where ${chatMessages.type} <> 'arbitration'))::int`;

/**
 * The application one of its parties writes to, locked for the transaction (a chat's writes take turns: see
 * parties.ts): anyone else gets not_found, and a chat the rule disables (a DENIED application with few messages)
 * refuses with chat_disabled.
 */
export async function openChatForWriting(tx: Tx, viewer: Viewer, applicationId: number, now: Date) {
  const party = await applicationOfParty(tx, viewer, applicationId, "no key update");
  const { status } = effectiveStatus(party.application, now);
  // Only a DENIED chat can be closed: others need no count (over chat_messages_application_created_idx).
  if (status !== "DENIED") return party;
  const [row] = await tx
    .select({ n: conversationCountSql() })
    .from(chatMessages)
    .where(eq(chatMessages.applicationId, applicationId));
  if (chatDisabledReason(status, row?.n ?? 0)) {
    fail("chat_disabled", "The chat is closed: this proposal was declined before a conversation.");
  }
  return party;
}
