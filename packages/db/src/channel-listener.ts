import { PGlite } from "@electric-sql/pglite";

/**
 * LISTEN on one channel of the database a Db runs on, whichever driver: what the notification fan-out needs to
 * hear the NOTIFYs every instance sends (docs/architecture.md, Live notifications).
 */
export interface ChannelListener {
  /**
   * Calls `onPayload` with each NOTIFY's payload, and `onListening` each time the LISTEN is (re)established:
   * after a lost connection, NOTIFYs sent meanwhile are gone, so the caller catches up from the table then. A
   * NOTIFY heard on a (re)established connection comes after its onListening.
   * Resolves once listening; the function it resolves to stops.
   */
  listen(channel: string, onPayload: (payload: string) => void, onListening: () => void): Promise<() => Promise<void>>;
}

/**
 * postgres.js listens on a connection of its own (not one of the pool's) and reconnects it by itself, calling
 * onlisten again, before any NOTIFY heard on the new connection (below); PGlite, one in-process connection, delivers a NOTIFY to its own listeners at commit.
 */
export function channelListenerOfClient(client: unknown): ChannelListener {
  if (client instanceof PGlite) {
    return {
      async listen(channel, onPayload, onListening) {
        const unlisten = await client.listen(channel, onPayload);
        onListening();
        return unlisten;
      },
    };
  }
  const sql = client as {
    listen(
      channel: string,
      onNotify: (payload: string) => void,
      onListen: () => void,
    ): Promise<{ unlisten(): Promise<void> }>;
  };
  if (typeof sql?.listen !== "function") throw new Error("channelListenerOf: the database client cannot LISTEN");
  return {
    async listen(channel, onPayload, onListening) {
      // Each NOTIFY is handed over a macrotask later (setImmediate keeps their order). postgres.js calls `onlisten`
      // when the code awaiting the LISTEN's answer resumes, a microtask after the read that brought it, but hands a
      // NOTIFY over as it parses it: on a connection re-established after a loss (its channels' LISTENs pipelined),
      // a NOTIFY that came in the same read as a LISTEN's answer reached the caller before that onListening. The
      // notification hub, whose catch-up from the table starts at onListening after the last id it handed out, then
      // started past the rows written while the connection was down, and lost them (seen in the cluster test that
      // cuts the LISTEN connections: a chat notification never came; channel-listener.test.ts).
      const subscription = await sql.listen(channel, (payload) => setImmediate(onPayload, payload), onListening);
      return () => subscription.unlisten();
    },
  };
}
