import type { ChatMessageView, ChatPage } from "@market/contracts";

/**
 * The chat's loaded pages in reading order. The server answers each page newest first and each further page is
 * older than the one before (keyset on the message id), so the whole list reversed reads from the oldest loaded
 * message down to the newest, which the chat shows at the bottom.
 */
export function messagesInReadingOrder(pages: readonly ChatPage[]): ChatMessageView[] {
  return pages.flatMap((page) => page.messages).reverse();
}

/** The cursor of the next older page, or undefined when the oldest page is loaded (TanStack's "no next page"). */
export const olderPageCursor = (page: ChatPage): number | undefined => page.before ?? undefined;
