import { PGlite } from "@electric-sql/pglite";

/**
 * LISTEN on one channel of the database a Db runs on, whichever driver: what the notification fan-out needs to
 * hear the NOTIFYs every instance sends (docs/architecture.md, Live notifications).
 */
export interface ChannelListener {
  /**
   * Calls `onPayload` with each NOTIFY's payload, and `onListening` each time the LISTEN is (re)established:
   * after a lost connection, NOTIFYs sent meanwhile are gone, so the caller catches up from the table then. On
   * postgres.js a NOTIFY heard on a re-established connection may come before its onListening: postgres.js hands a
   * NOTIFY over as it parses it, and calls onlisten when the code awaiting the LISTEN's answer resumes, a microtask
   * after the read that brought both (seen against PostgreSQL with six channels, their LISTENs pipelined). A caller
   * whose catch-up starts at onListening hands its payloads on a macrotask later (the notification hub).
   * Resolves once listening; the function it resolves to stops.
   */
  listen(channel: string, onPayload: (payload: string) => void, onListening: () => void): Promise<() => Promise<void>>;
}

/**
 * postgres.js listens on a connection of its own (not one of the pool's) and reconnects it by itself, calling
 * onlisten again; PGlite, one in-process connection, delivers a NOTIFY to its own listeners at commit.
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
      const subscription = await sql.listen(channel, onPayload, onListening);
      return () => subscription.unlisten();
    },
  };
}
