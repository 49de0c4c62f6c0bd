/**
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-notifications.ts [--clients 1000]
 * [--notifications 2000] [--rate 200]`: live notifications at load (issue 16's target: p99 send-to-receive within
 * 100 ms with 1,000 WebSocket clients over 2 instances, none lost).
 *
 * On a scratch database (scratch-database.ts) it makes `clients` users with a session each, starts two app
 * instances (buildApp, each with its own pool and LISTEN connection, in this process), and opens one WebSocket
 * /notifications per user, alternately on each instance. Then it writes `notifications` notifications through
 * notify(), each to a random user, at `rate` per second, alternately through each instance's pool, and times each
 * from just before its transaction to its frame's arrival at the client. It prints p50/p95/p99/max, lost and
 * duplicated counts, and the load average beside them; it exits non-zero when the target is missed. The whole run is
 * bounded (BENCH_TIMEOUT_MS) and only talks to 127.0.0.1.
 */
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { createSession, notify, systemClock } from "@market/api";
import { createDb, type Db, rowsOf, sql } from "@market/db";
import { buildApp } from "@market/server/app";
import type { FastifyInstance } from "fastify";
import WebSocket from "ws";
import { withScratchDatabase } from "./scratch-database";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "1000" },
    notifications: { type: "string", default: "2000" },
    rate: { type: "string", default: "200" },
    keep: { type: "boolean", default: false },
  },
});
const CLIENTS = Number(values.clients);
const NOTIFICATIONS = Number(values.notifications);
const RATE = Number(values.rate);
const TARGET_P99_MS = 100;
const BENCH_TIMEOUT_MS = 180_000;
/** Every client comes from 127.0.0.1: the socket limits per address, times this, let them all in. */
const SOCKET_LIMIT_SCALE = 100;
/** How long the last notifications may take to arrive before the missing ones count as lost. */
const DRAIN_MS = 3_000;

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function usersWithSessions(db: Db, count: number): Promise<Array<{ id: number; token: string }>> {
  const users = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into users (kind, username, email, password_hash)
      select 'brand', 'bench_' || n, 'bench_' || n || '@bench.example', 'bench:no-login'
      from generate_series(1, ${count}::int) n returning id`),
  );
  const sessions: Array<{ id: number; token: string }> = [];
  for (const user of users)
    sessions.push({ id: user.id, token: (await createSession(db, systemClock, user.id)).token });
  return sessions;
}

const originOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** Opens a user's /notifications socket as a page of the instance would; resolves on its ready frame. */
function connect(app: FastifyInstance, token: string, onNotification: (text: string) => void): Promise<WebSocket> {
  const origin = originOf(app);
  const socket = new WebSocket(`${origin.replace(/^http/, "ws")}/notifications`, {
    headers: { cookie: `session=${encodeURIComponent(token)}`, origin },
  });
  return new Promise((resolve, reject) => {
    socket.on("message", (data) => {
      const frame = JSON.parse(String(data)) as { ready?: true; notification?: { text: string } };
      if (frame.ready) resolve(socket);
      else if (frame.notification) onNotification(frame.notification.text);
    });
    socket.once("unexpected-response", (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once("error", reject);
  });
}

async function main(): Promise<void> {
  await withScratchDatabase({ prefix: "market_bench_notify", max: 10, keep: values.keep }, async (handle) => {
    const users = await usersWithSessions(handle.db, CLIENTS);
    const url = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : undefined;
    if (!url) throw new Error("DATABASE_URL is required");
    url.pathname = `/market_bench_notify_${process.pid}`;
    const secondHandle = await createDb({ url: url.toString(), max: 10 });
    const instances = [
      await buildApp({
        db: handle.db,
        clock: systemClock,
        publicUrl: "http://127.0.0.1",
        rateLimitScale: SOCKET_LIMIT_SCALE,
      }),
      await buildApp({
        db: secondHandle.db,
        clock: systemClock,
        publicUrl: "http://127.0.0.1",
        rateLimitScale: SOCKET_LIMIT_SCALE,
      }),
    ];
    const sockets: WebSocket[] = [];
    try {
      for (const app of instances) await app.listen({ port: 0, host: "127.0.0.1" });

      const sentAt = new Map<string, number>();
      const latencies: number[] = [];
      const received = new Set<string>();
      let duplicates = 0;
      const onNotification = (text: string) => {
        const at = performance.now();
        if (received.has(text)) {
          duplicates += 1;
          return;
        }
        received.add(text);
        const sent = sentAt.get(text);
        if (sent !== undefined) latencies.push(at - sent);
      };

      const connectStarted = performance.now();
      for (let start = 0; start < users.length; start += 50) {
        const batch = users.slice(start, start + 50);
        sockets.push(
          ...(await Promise.all(
            batch.map((user, i) => connect(instances[(start + i) % 2] as FastifyInstance, user.token, onNotification)),
          )),
        );
      }
      console.log(`${sockets.length} clients connected in ${Math.round(performance.now() - connectStarted)} ms`);

      // Writers alternate between the instances' pools: a notification written on one reaches clients of both.
      const dbs = [handle.db, secondHandle.db];
      const writes: Promise<unknown>[] = [];
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      for (let n = 0; n < NOTIFICATIONS; n += 1) {
        const due = started + (n * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const user = users[Math.floor(Math.random() * users.length)] as { id: number };
        const text = `bench:${n}`;
        sentAt.set(text, performance.now());
        writes.push((dbs[n % 2] as Db).transaction((tx) => notify(tx, [{ userId: user.id, type: "news", text }])));
      }
      await Promise.all(writes);
      const sendSeconds = (performance.now() - started) / 1000;
      const drainUntil = performance.now() + DRAIN_MS;
      while (received.size < NOTIFICATIONS && performance.now() < drainUntil) await sleep(50);

      // CPU this process spent (both instances, all clients, the writers) per notification: a figure the shared
      // machine's load changes little, unlike the latencies.
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMsPerNotification = (cpu.user + cpu.system) / 1000 / NOTIFICATIONS;
      const sorted = [...latencies].sort((x, y) => x - y);
      const p99 = percentile(sorted, 0.99);
      const lost = NOTIFICATIONS - received.size;
      const [load1, load5] = loadavg();
      console.log(
        [
          `${NOTIFICATIONS} notifications to ${CLIENTS} clients over 2 instances, ${(NOTIFICATIONS / sendSeconds).toFixed(0)}/s`,
          `latency ms: p50 ${percentile(sorted, 0.5).toFixed(1)}, p95 ${percentile(sorted, 0.95).toFixed(1)}, p99 ${p99.toFixed(1)}, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)}`,
          `lost ${lost}, duplicated ${duplicates}`,
          `Node CPU ${cpuMsPerNotification.toFixed(2)} ms per notification (servers, clients and writers together)`,
          `load average ${load1?.toFixed(2)} (1 min), ${load5?.toFixed(2)} (5 min) on ${(await import("node:os")).cpus().length} cores`,
          `target p99 <= ${TARGET_P99_MS} ms, none lost: ${p99 <= TARGET_P99_MS && lost === 0 ? "met" : "MISSED"}`,
        ].join("\n"),
      );
      if (p99 > TARGET_P99_MS || lost > 0) process.exitCode = 1;
    } finally {
      for (const socket of sockets) socket.terminate();
      for (const app of instances) await app.close();
      await secondHandle.close();
    }
  });
}

const timeout = setTimeout(() => {
  console.error(`bench-notifications: gave up after ${BENCH_TIMEOUT_MS} ms`);
  process.exit(2);
}, BENCH_TIMEOUT_MS);
timeout.unref();
await main();
