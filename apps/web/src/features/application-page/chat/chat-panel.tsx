import type { ApplicationPageView } from "@market/contracts";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../../ui/button";
import { LoadErrorMessage, LoadingLine } from "../../../ui/query-states";
import { ChatMessage } from "./chat-message";
import { messagesInReadingOrder } from "./chat-pages";
import { chatQueryKey, chatQueryOptions } from "./chat-query";
import { closingLine } from "./closing-line";
import { Composer } from "./composer";

/**
 * The application's chat (spec sections 2 and 3): the newest messages on open, scrolled to the bottom; "Load
 * older messages" pages backwards by the server's keyset cursor and keeps the reader's place. The composer is
 * replaced by the reason when the chat is closed (a DENIED application with 4 messages or fewer).
 */
export function ChatPanel({ view }: { view: ApplicationPageView }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const send = trpc.chat.send.useMutation();
  const chat = useInfiniteQuery(chatQueryOptions(utils.client, view.id));
  const messages = messagesInReadingOrder(chat.data?.pages ?? []);
  const log = useKeptScroll(messages[0]?.id, messages.at(-1)?.id);

  const refresh = () => queryClient.invalidateQueries({ queryKey: chatQueryKey(view.id) });

  // The page is read again on a notification about it, with its count of messages: a new one (the other party's,
  // or an event) reads the chat again.
  const shownCount = useRef(view.chat.messageCount);
  useEffect(() => {
    if (view.chat.messageCount === shownCount.current) return;
    shownCount.current = view.chat.messageCount;
    void queryClient.invalidateQueries({ queryKey: chatQueryKey(view.id) });
  }, [view.chat.messageCount, view.id, queryClient]);

  return (
    <section
      aria-labelledby="chat-title"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="chat-title" className="text-lg font-semibold">
        {t("CHAT.TITLE")}
      </h2>
      {chat.isPending ? (
        <LoadingLine />
      ) : chat.isError && !chat.data ? (
        <LoadErrorMessage query={chat}>{t("CHAT.LOAD_ERROR")}</LoadErrorMessage>
      ) : (
        <div ref={log.ref} className="max-h-[32rem] min-h-40 overflow-y-auto pr-1" data-testid="chat-log">
          {chat.hasNextPage ? (
            <div className="mb-3 text-center">
              <Button
                variant="secondary"
                onClick={() => {
                  log.keepPlace();
                  void chat.fetchNextPage();
                }}
                disabled={chat.isFetchingNextPage}
                aria-busy={chat.isFetchingNextPage}
              >
                {chat.isFetchingNextPage ? t("CHAT.LOADING_OLDER") : t("CHAT.LOAD_OLDER")}
              </Button>
            </div>
          ) : (
            messages.length > 0 && <p className="mb-3 text-center text-xs text-slate-500">{t("CHAT.START")}</p>
          )}
          {messages.length === 0 ? (
            <p className="text-center text-sm text-slate-600">{t("CHAT.EMPTY")}</p>
          ) : (
            <ol aria-label={t("CHAT.LOG")} className="space-y-4">
              {messages.map((message) => (
                <ChatMessage key={message.id} message={message} />
              ))}
            </ol>
          )}
        </div>
      )}
      {view.chat.enabled ? (
        <Composer
          applicationId={view.id}
          onSendText={(text) => send.mutateAsync({ id: view.id, text })}
          onSent={() => void refresh()}
        />
      ) : (
        <p role="status" data-testid="chat-disabled" className="rounded-md bg-slate-100 p-3 text-sm text-slate-700">
          {closingLine(t, view)}
        </p>
      )}
    </section>
  );
}

/**
 * The log's scroll: to the bottom on open and when a newer message arrives; where the reader was when older
 * messages are put on top (the distance from the bottom is kept).
 */
function useKeptScroll(oldestId: number | undefined, newestId: number | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const fromBottom = useRef<number | null>(null);
  const shownNewest = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    const log = ref.current;
    if (!log) return;
    if (newestId !== shownNewest.current) {
      shownNewest.current = newestId;
      log.scrollTop = log.scrollHeight;
    } else if (fromBottom.current !== null && oldestId !== undefined) {
      log.scrollTop = log.scrollHeight - fromBottom.current;
    }
    fromBottom.current = null;
  }, [oldestId, newestId]);

  return {
    ref,
    keepPlace: () => {
      const log = ref.current;
      if (log) fromBottom.current = log.scrollHeight - log.scrollTop;
    },
  };
}
