import { type ChannelListener, channelListenerOfClient } from "./channel-listener";
import type { Db } from "./client";

/**
 * The listener of the client a Db runs on. On PostgreSQL that is the pool the queries use: an app given a handle
 * passes its `listener`, which LISTENs through the direct URL (a pooler in transaction mode cannot LISTEN).
 */
export function channelListenerOf(db: Db): ChannelListener {
  return channelListenerOfClient((db as unknown as { $client: unknown }).$client);
}
