import type { ChannelListener } from "@market/db";
import { watchChannel } from "./channel-watch";
import { READS_CHANGED_CHANNEL } from "./notifications/channels";
import type { UserReadsCache } from "./user-reads-cache";

/**
 * Keeps an instance's user reads cache (user-reads-cache.ts) from outliving a change of what it read: row triggers
 * on those tables (drizzle/0034_reads_changed.sql) NOTIFY `reads_changed` at commit with the ids of the users the
 * change concerns (`*`: everyone), and every instance forgets their entries. A lost LISTEN forgets everything once
 * it is back (the NOTIFYs sent meanwhile are gone); until then entries live the cache's TTL at most. A writer's
 * own entries are forgotten by the procedure that wrote (trpc.ts), not waiting for the NOTIFY.
 */
export interface ReadsChanges {
  /** Forgets every entry. */
  forget(): void;
  /** Resolves once it listens. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The users a payload names, or "everyone"; a payload this code did not write is read as everyone. */
export function usersOfPayload(payload: string): number[] | "everyone" {
  if (payload === "*" || payload === "") return "everyone";
  const ids = payload.split(",").map(Number);
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? ids : "everyone";
}

export function watchReadsChanges({
  listener,
  cache,
  onError,
}: {
  listener: ChannelListener;
  cache: UserReadsCache;
  onError?: (error: unknown) => void;
}): ReadsChanges {
  const forget = () => cache.forget();
  const onPayload = (payload: string) => {
    const users = usersOfPayload(payload);
    if (users === "everyone") cache.forget();
    else cache.forgetUsers(users);
  };
  const watch = watchChannel({ listener, channel: READS_CHANGED_CHANNEL, onPayload, onListening: forget, onError });
  return { forget, ready: watch.ready, close: watch.close };
}
