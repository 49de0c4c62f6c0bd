import { connect, type Socket } from "node:net";
import postgres, { type Options, type Sql } from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "../client";
import { testDatabaseUrl } from "../testing/env";

/**
 * postgres.js 3.4.9 runs a transaction's BEGIN through the pool like any query, and the BEGIN's `onexecute` hook
 * reserves the connection it was written to. Two paths lost that reservation while PostgreSQL was in the
 * transaction (porsager/postgres#823, #1189, #1207), so the connection went back to the pool mid-transaction:
 * - `execute()` ran the hook as the last term of its "may more be pipelined here" `&&` chain, so a BEGIN that
 *   filled a connection's pipeline (the 100th query queued behind the one running, `max_pipeline`) or met a full
 *   socket was sent unreserved: its own transaction failed with UNSAFE_TRANSACTION and later queries, other
 *   transactions' BEGINs among them ("there is already a transaction in progress"), ran inside the one left open.
 *   Under the money load (100 connections on a pool of 2) about one chat message in 600 got a 500.
 * - a socket's late `drain` handed the connection to the pool whether or not a transaction held it.
 * patches/postgres+3.4.9.patch reserves on every written BEGIN and leaves a reserved connection alone on drain.
 *
 * A plain query answers `now() = statement_timestamp()` true only when it ran in a transaction of its own: inside
 * a transaction left open by another, now() is that transaction's start. The probes go as simple queries, whose
 * statement starts the transaction at the same timestamp.
 */
const url = testDatabaseUrl ?? "";
if (!url) throw new Error("postgres-begin.pg.test.ts needs PostgreSQL: set TEST_DATABASE_URL");
const ALONE = "select now() = statement_timestamp() as alone";

/** Options postgres.js 3.4.9 reads (connection.js, index.js) that its types leave out. */
interface UntypedOptions {
  max_pipeline?: number;
  socket?: () => Promise<Socket>;
}

function pool(options: Options<Record<string, never>> & UntypedOptions): Sql {
  return postgres(url, options);
}

function alone(client: Sql): Promise<boolean> {
  return client.unsafe<{ alone: boolean }[]>(ALONE).then((rows) => rows[0]?.alone === true);
}

/** Settles every promise and names the failures, so a test reports all of them (an error, not a thrown one). */
async function failures(work: Promise<unknown>[]): Promise<string[]> {
  const settled = await Promise.allSettled(work);
  return settled.flatMap((x) => (x.status === "rejected" ? [String((x.reason as Error).message ?? x.reason)] : []));
}

describe("postgres.js's begin() on a pipelining pool (patched)", () => {
  let handle: DbHandle | undefined;
  let raw: Sql | undefined;
  afterEach(async () => {
    await handle?.close();
    await raw?.end({ timeout: 5 });
    handle = raw = undefined;
  });

  async function appPool(max: number): Promise<Sql> {
    // The client as the server makes it (createDb: named statements, the default max_pipeline), both connections
    // open, so the queries below are dealt to them in turn.
    const created = await createDb({ url, max });
    handle = created;
    if (created.kind !== "postgres") throw new Error("expected the postgres.js client");
    await Promise.all(Array.from({ length: max }, () => created.raw`select 1`));
    return created.raw;
  }

  it("reserves the connection for a BEGIN that fills its pipeline", async () => {
    const client = await appPool(2);
    const maxPipeline = (client.options as unknown as Required<UntypedOptions>).max_pipeline;
    // Dispatched in the order they are made (each a microtask later), before any answer can arrive: the pool deals
    // them to its two connections in turn, so each runs one and queues max_pipeline - 1 behind it, and the BEGIN
    // becomes the max_pipeline-th queued behind the first connection's running query.
    const plain = Array.from({ length: 2 * maxPipeline }, () => alone(client));
    const transaction = client.begin(async (tx) => {
      const [first] = await tx<{ now: string }[]>`select now()::text as now`;
      const [second] = await tx<{ now: string }[]>`select now()::text as now`;
      return first !== undefined && first.now === second?.now;
    });
    const after = Array.from({ length: 2 * maxPipeline }, () => alone(client));

    expect(await failures([transaction, ...plain, ...after])).toEqual([]);
    expect(await transaction).toBe(true);
    expect(await Promise.all(after)).not.toContain(false);
    // Neither connection was left inside a transaction.
    expect(await Promise.all(Array.from({ length: 8 }, () => alone(client)))).not.toContain(false);
  });

  it("keeps 160 transactions and 1,328 plain queries apart, a BEGIN at every place in the queue", async () => {
    // On a pool of 2 with a short pipeline (4), so that every place is quick to reach: rounds of ten transactions,
    // each behind `gap` plain queries, the gap growing from none to past both pipelines and the pool's queue, so
    // that BEGINs are dealt to idle, busy and full connections and handed out from the queue as connections free
    // up, at each place of a pipeline, the last one included. Each round on a fresh pool, so that a round's failure
    // is its own. Unpatched, a BEGIN that fills a pipeline fails (UNSAFE_TRANSACTION) and plain queries after it
    // run inside the transaction it left open.
    const maxPipeline = 4;
    const failed: { gap: number; errors: string[]; notAlone: number; split: number }[] = [];
    let transactions = 0;
    let plainQueries = 0;
    for (let gap = 0; gap <= 3 * (maxPipeline + 1); gap++) {
      raw = pool({ max: 2, max_pipeline: maxPipeline, onnotice: () => {} });
      const client = raw;
      await Promise.all([client`select 1`, client`select 1`]);
      const plain: Promise<boolean>[] = [];
      const sameTransaction: Promise<boolean>[] = [];
      for (let round = 0; round < 10; round++) {
        for (let i = 0; i < gap; i++) plain.push(alone(client));
        sameTransaction.push(
          client.begin(async (tx) => {
            const [first] = await tx<{ now: string }[]>`select now()::text as now, ${gap}::int as gap`;
            const [second] = await tx<{ now: string }[]>`select now()::text as now, ${round}::int as round`;
            return first !== undefined && first.now === second?.now;
          }),
        );
      }
      const errors = await failures([...sameTransaction, ...plain]);
      // Then, alone on the pool: a connection left inside a transaction shows here.
      plain.push(...Array.from({ length: 8 }, () => alone(client)));
      const notAlone = (await Promise.allSettled(plain)).filter((x) => x.status === "fulfilled" && !x.value).length;
      const split = (await Promise.allSettled(sameTransaction)).filter((x) => x.status === "fulfilled" && !x.value);
      if (errors.length > 0 || notAlone > 0 || split.length > 0) {
        failed.push({ gap, errors: errors.slice(0, 2), notAlone, split: split.length });
      }
      transactions += sameTransaction.length;
      plainQueries += plain.length;
      await client.end({ timeout: 5 });
      raw = undefined;
    }
    expect(failed).toEqual([]);
    expect(transactions).toBe(160);
    expect(plainQueries).toBe(1_328);
  }, 20_000);

  it("does not hand a transaction's connection to the pool on a socket's drain", async () => {
    // One connection, its socket ours. A socket emits 'drain' once its buffer has emptied after a write it refused;
    // the emit here stands for one that comes late, between two statements of a transaction (a full socket under
    // load, the order of the event loop's callbacks), which the bench cannot time.
    let socket: Socket | undefined;
    const target = new URL(url);
    raw = pool({
      max: 1,
      onnotice: () => {},
      socket: () =>
        new Promise<Socket>((resolve, reject) => {
          const opened = connect(Number(target.port || 5432), target.hostname, () => resolve(opened));
          opened.once("error", reject);
          socket = opened;
        }),
    });
    const client = raw;
    await client`select 1`;

    let outside: Promise<boolean> | undefined;
    const inside = await client.begin(async (tx) => {
      const [first] = await tx<{ now: string }[]>`select now()::text as now`;
      socket?.emit("drain");
      // A plain query now: it must wait for the transaction's end, not run inside it (unpatched it is written at
      // once, before the transaction's next statement, so the wait only gives it time to come back).
      outside = alone(client);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [second] = await tx<{ now: string }[]>`select now()::text as now`;
      return first !== undefined && first.now === second?.now;
    });
    expect(inside).toBe(true);
    expect(await outside).toBe(true);
  });
});
