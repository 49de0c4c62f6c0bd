import type { ChannelListener } from "@market/db";

/** A LISTEN kept until closed (the caches' watchers: search-changes.ts, user-reads-changes.ts). */
export interface ChannelWatch {
  /** Resolves once it listens. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens on `channel`: `onPayload` for each NOTIFY, `onListening` each time the LISTEN is (re)established (the
 * NOTIFYs sent while it was down are gone). A LISTEN that cannot start goes to `onError`, and closing it is then
 * nothing to do.
 */
export function watchChannel({
  listener,
  channel,
  onPayload,
  onListening,
  onError = () => {},
}: {
  listener: ChannelListener;
  channel: string;
  onPayload: (payload: string) => void;
  onListening: () => void;
  onError?: ((error: unknown) => void) | undefined;
}): ChannelWatch {
  let stopListening: (() => Promise<void>) | undefined;
  const started = listener.listen(channel, onPayload, onListening).then((stop) => {
    stopListening = stop;
  });
  started.catch(onError);
  return {
    ready: () => started,
    async close() {
      const stop = await started.then(
        () => stopListening,
        () => undefined,
      );
      // The database may be closed first (its handle closes with the app too): then there is no LISTEN to end.
      await stop?.().catch(() => {});
    },
  };
}
