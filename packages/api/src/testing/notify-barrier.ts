import { type ChannelListener, type Db, sql } from "@market/db";

/**
 * For a test of what a NOTIFY does: `barrier()` resolves once every NOTIFY committed before it has reached
 * `listener`, as NOTIFYs reach one LISTEN connection in commit order (a later one of its own arriving means the
 * earlier ones have). `stop()` ends its LISTEN.
 */
export async function notifyBarrier(
  db: Db,
  listener: ChannelListener,
  channel: string,
): Promise<{ barrier(): Promise<void>; stop(): Promise<void> }> {
  let arrived: () => void = () => {};
  const stop = await listener.listen(
    channel,
    () => arrived(),
    () => {},
  );
  return {
    async barrier() {
      const heard = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      await db.execute(sql`select pg_notify(${channel}, '')`);
      await heard;
    },
    stop,
  };
}
