/**
 * `DATABASE_URL=postgres://… npx tsx scripts/stress-begin.ts [maxPipeline] [requests]`: postgres.js's `sql.begin()`
 * beside plain queries on a pipelining pool (porsager/postgres#823). 100 clients on a pool of 2, each request a
 * read of three statements sent at once or, one in ten, a transaction of four (the money mix's shape); it counts the
 * transactions that failed and the plain queries that ran inside a transaction not theirs (`now()` is then that
 * transaction's start, not their statement's). 3.4.9 unpatched, with a short pipeline (3 to 10) where a BEGIN often
 * fills one: up to hundreds of UNSAFE_TRANSACTION and thousands of such queries a run; patches/postgres+3.4.9.patch:
 * none (packages/db/src/speed/postgres-begin.pg.test.ts builds each case deterministically).
 */
import postgres from "postgres";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required (any database of the PostgreSQL server to use)");
const maxPipeline = Number(process.argv[2] ?? 4);
const requests = Number(process.argv[3] ?? 3_000);
if (!Number.isInteger(maxPipeline) || maxPipeline < 1 || maxPipeline > 1_000)
  throw new Error("maxPipeline: 1 to 1,000");
if (!Number.isInteger(requests) || requests < 1 || requests > 1_000_000) throw new Error("requests: 1 to 1,000,000");
const CLIENTS = 100;
const TRANSACTION_EVERY = 10;

// max_pipeline is read by postgres.js 3.4.9 (connection.js) but left out of its types.
const options: postgres.Options<Record<string, never>> & { max_pipeline: number } = {
  max: 2,
  max_pipeline: maxPipeline,
  onnotice: () => {},
};
const sql = postgres(url, options);
const errors = new Map<string, number>();
let insideAnother = 0;
let next = 0;
try {
  await Promise.all([sql`select 1`, sql`select 1`]);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < requests) {
        const i = next++;
        try {
          if (i % TRANSACTION_EVERY === 0) {
            await sql.begin(async (tx) => {
              await tx`select ${i}::int`;
              await Promise.all([1, 2, 3].map((k) => tx`select ${k}::int, now()`));
            });
          } else {
            const reads = await Promise.all(
              [1, 2, 3].map(() => sql.unsafe<{ alone: boolean }[]>("select now() = statement_timestamp() as alone")),
            );
            insideAnother += reads.filter(([row]) => row?.alone !== true).length;
          }
        } catch (error) {
          const code = (error as { code?: string }).code ?? String(error);
          errors.set(code, (errors.get(code) ?? 0) + 1);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `max_pipeline ${maxPipeline}, ${requests} requests in ${seconds.toFixed(1)} s: errors ${
      errors.size === 0 ? "none" : JSON.stringify(Object.fromEntries(errors))
    }, plain queries inside another's transaction: ${insideAnother}`,
  );
} finally {
  await sql.end({ timeout: 5 });
}
