import { CHAT_PAGE_SIZE, type ChatPage } from "@market/contracts";
import {
  and,
  applications,
  brandProfiles,
  chatMessages,
  type Db,
  desc,
  eq,
  files,
  type Placeholder,
  type Placeholders,
  preparedQuery,
  type SQL,
  sql,
  type Tx,
  users,
} from "@market/db";
import type { Viewer } from "../../viewer";
import { namedAccountColumns } from "../account/account-name";
import { applicationOfParty } from "../applications/parties";
import { type MessageRow, toMessageView } from "./message-view";

/**
 * The query of one page of an application's chat, newest first, by keyset on (created_at, id) under the index
 * chat_messages_application_created_idx: the page before the message `before`, or the newest page without it.
 * The cursor is compared as a row read from the table itself, so no precision is lost in between; a cursor
 * that is not a message of this chat gives an empty page. One row more than a page tells whether older ones exist.
 * With `partyId`, rows come only when that user is the application's brand or influencer (by its primary key).
 */
export function chatPageQuery(
  db: Db | Tx,
  applicationId: number | Placeholder,
  before: number | Placeholder | undefined,
  partyId?: number | Placeholder,
) {
  const conditions: SQL[] = [eq(chatMessages.applicationId, applicationId)];
  if (before !== undefined) {
    conditions.push(
      sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (select c.created_at, c.id from ${chatMessages} c where c.id = ${before} and c.application_id = ${applicationId})`,
    );
  }
  if (partyId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${applications} a where a.id = ${applicationId}
        and (a.brand_id = ${partyId} or a.influencer_id = ${partyId}))`,
    );
  }
  return db
    .select({
      message: chatMessages,
      sender: namedAccountColumns,
      file: { id: files.id, name: files.originalName, type: files.contentType, sizeBytes: files.sizeBytes },
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .leftJoin(files, eq(files.id, chatMessages.fileId))
    .where(and(...conditions))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(CHAT_PAGE_SIZE + 1);
}

type PageValues = { applicationId: number; partyId: number };

const newestChatPage = preparedQuery("chat_newest_page", (db, values: Placeholders<PageValues>) =>
  chatPageQuery(db, values.applicationId, undefined, values.partyId),
);

const chatPageBefore = preparedQuery("chat_page_before", (db, values: Placeholders<PageValues & { before: number }>) =>
  chatPageQuery(db, values.applicationId, values.before, values.partyId),
);

/** Rows of a page as its party reads them: the query only returns rows to one of the two parties. */
async function pageRows(db: Db | Tx, applicationId: number, partyId: number, before: number | undefined) {
  return before === undefined
    ? newestChatPage(db, { applicationId, partyId })
    : chatPageBefore(db, { applicationId, partyId, before });
}

function toPage(rows: MessageRow[], viewerId: number): ChatPage {
  const page = rows.slice(0, CHAT_PAGE_SIZE);
  const oldest = page.at(-1);
  return {
    messages: page.map((row) => toMessageView(row, viewerId)),
    before: rows.length > CHAT_PAGE_SIZE && oldest ? oldest.message.id : null,
  };
}

/**
 * GET /api/applications/{id}/messages?before=: a page of the chat for one of its two parties; else not_found.
 * One statement: the page's query holds the party check, and a chat is never empty (the proposal opens it), so
 * rows prove the viewer a party. Only an empty answer (not a party, or a cursor at the first message) reads the
 * application to tell the two apart.
 */
export async function getChatPage(
  deps: { db: Db },
  viewer: Viewer,
  input: { id: number; before?: number | undefined },
): Promise<ChatPage> {
  const rows = await pageRows(deps.db, input.id, viewer.userId, input.before);
  if (rows.length === 0) await applicationOfParty(deps.db, viewer, input.id);
  return toPage(rows, viewer.userId);
}
