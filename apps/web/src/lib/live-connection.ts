import { useSyncExternalStore } from "react";

/**
 * What the live connection (the tRPC WebSocket) is doing, as the screens tell it:
 * - idle: no socket, as nothing live is wanted (a visitor, or before the first subscription);
 * - connecting: the first connection is being made;
 * - online: connected;
 * - offline: the connection was lost and the client is waiting to try again (spec section 7's backoff).
 */
export type LiveStatus = "idle" | "connecting" | "online" | "offline";

/** tRPC's connection state, as much of it as the status needs. */
export interface ConnectionStateLike {
  state: "idle" | "connecting" | "pending";
  error: unknown;
}

/** tRPC reports a lost connection as "connecting" with the error that closed it; a first connection has none. */
export function liveStatusOf({ state, error }: ConnectionStateLike): LiveStatus {
  if (state === "pending") return "online";
  if (state === "idle") return "idle";
  return error ? "offline" : "connecting";
}

interface StateSource {
  get(): ConnectionStateLike;
  subscribe(observer: { next(state: ConnectionStateLike): void }): { unsubscribe(): void };
}

/** A store of the status over tRPC's connection state, for useSyncExternalStore. */
export function createLiveConnection(source: StateSource) {
  return {
    getSnapshot: (): LiveStatus => liveStatusOf(source.get()),
    subscribe(listener: () => void): () => void {
      const subscription = source.subscribe({ next: listener });
      return () => subscription.unsubscribe();
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;

export const useLiveStatus = (connection: LiveConnection): LiveStatus =>
  useSyncExternalStore(connection.subscribe, connection.getSnapshot);
