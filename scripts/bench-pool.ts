/**
 * `DATABASE_URL=postgres://… npx tsx scripts/bench-pool.ts [rounds]`: the throughput of postgres.js's pool under a
 * steady load (30 `select 1` in flight on 2 connections, rounds of 20,000), round after round. A pool whose queues
 * grow with every query served gets slower each round (3.4.9 unpatched: 36,000 to 19,000 a second in 8 rounds);
 * patches/postgres+3.4.9.patch keeps them small, so the rounds stay level (packages/db/src/speed/postgres-queue.test.ts).
 */
import postgres from "postgres";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required (any database of the PostgreSQL server to use)");
const rounds = Number(process.argv[2] ?? 8);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50) throw new Error("rounds: 1 to 50");
const QUERIES_A_ROUND = 20_000;
const IN_FLIGHT = 30;

const sql = postgres(url, { max: 2 });
try {
  for (let round = 1; round <= rounds; round++) {
    const started = performance.now();
    let sent = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (sent++ < QUERIES_A_ROUND) await sql`select 1`;
      }),
    );
    const perSecond = QUERIES_A_ROUND / ((performance.now() - started) / 1000);
    console.log(`round ${round}: ${Math.round(perSecond).toLocaleString("en-US")} queries/s`);
  }
} finally {
  await sql.end();
}
