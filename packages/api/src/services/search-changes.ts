import type { ChannelListener } from "@market/db";
import { watchChannel } from "./channel-watch";
import { SEARCH_CHANGED_CHANNEL } from "./notifications/channels";
import type { SearchCache } from "./search-cache";

/**
 * Keeps an instance's search caches (search-cache.ts) from outliving a change of what the searches read.
 *
 * Statement triggers on the searches' tables (drizzle/0029_search_changed.sql) NOTIFY `search_changed` at the
 * commit of any write to them, from any instance, a sweep or psql; every instance LISTENs and forgets its caches.
 * A NOTIFY reaches this instance a moment after the writer's commit, which could be after the writer's user has
 * their answer and searched again: so this instance also forgets them itself on each of its own writes, before
 * it answers (the server's forgetOnWrite hook). A lost LISTEN forgets them once it is back (NOTIFYs sent
 * meanwhile are gone); until then their entries live the caches' TTL at most.
 */
export interface SearchChanges {
  /** Forgets every watched cache: a write of this instance, before its answer. */
  forget(): void;
  /** Resolves once it listens. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function watchSearchChanges({
  listener,
  caches,
  onError,
}: {
  listener: ChannelListener;
  caches: readonly SearchCache[];
  onError?: (error: unknown) => void;
}): SearchChanges {
  const forget = () => {
    for (const cache of caches) cache.forget();
  };
  const watch = watchChannel({
    listener,
    channel: SEARCH_CHANGED_CHANNEL,
    onPayload: forget,
    onListening: forget,
    onError,
  });
  return { forget, ready: watch.ready, close: watch.close };
}
