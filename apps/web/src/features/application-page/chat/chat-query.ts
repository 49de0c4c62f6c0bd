import type { AppRouter } from "@market/api";
import { infiniteQueryOptions } from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import { olderPageCursor } from "./chat-pages";

/** The chat's pages in the query cache; the page refreshes them after an action that writes to the chat. */
export const chatQueryKey = (applicationId: number) => ["application-chat", applicationId] as const;

/**
 * The chat's infinite query, newest page first, each further page older by the server's cursor: the one
 * definition the chat panel reads and the application route's loader fills (screen-load.ts), so both use one key.
 */
export const chatQueryOptions = (client: TRPCClient<AppRouter>, applicationId: number) =>
  infiniteQueryOptions({
    queryKey: chatQueryKey(applicationId),
    queryFn: ({ pageParam, signal }) =>
      client.chat.page.query({ id: applicationId, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: olderPageCursor,
  });
