/**
 * The statement-counting harness of scripts/queries-per-request.ts and scripts/queries-per-write.ts: the demo seed
 * in a scratch database (dropped at the end), the app built over a postgres.js client whose `debug` hook sees every
 * statement the app sends (BEGIN and COMMIT included), the demo users' sign-in, and a count of what one call sends:
 * its statements and its round trips to PostgreSQL (statements sent in one turn of the event loop, pipelined by
 * postgres.js on a connection before the answer of the first, share one round trip; a statement sent after an
 * answer came starts the next).
 */
import { createTokenCipher, DEV_NETWORK_TOKEN_KEY, hashPassword, systemClock } from "@market/api";
import * as schema from "@market/db";
import { preparingClient } from "@market/db";
import { seedDemoIfEmpty } from "@market/db/seed";
import { buildApp } from "@market/server/app";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { withScratchDatabase } from "./scratch-database";

export type CountedApp = Awaited<ReturnType<typeof buildApp>>;

export interface StatementCount {
  statements: number;
  roundTrips: number;
  /** The statements sent, each on a line, a blank line before each round trip. */
  lines: string[];
}

export interface CountingHarness {
  app: CountedApp;
  db: schema.Db;
  /** The session cookie of a demo user signed in with the demo password. */
  signIn(login: string): Promise<string>;
  /** What `call` sends, counted. */
  count(call: () => Promise<unknown>): Promise<StatementCount>;
  /** `call` run uncounted, inside a counted one (its setup). */
  uncounted<T>(call: () => Promise<T>): Promise<T>;
}

export interface HarnessOptions {
  /** The scratch database's name prefix. */
  prefix: string;
  /** Connections of the counted client: 1 as each of a loaded server's connections is, more as a server's pool. */
  connections: number;
  /**
   * Every statement prepared, as the server's (createDb): postgres.js then pipelines what is sent together (an
   * unprepared statement with parameters is described first, alone). The write counts use it; the read counts
   * count statements only.
   */
  prepared: boolean;
  /** The rate limits scaled up, for a harness that sends more than a user would. */
  rateLimitScale?: number;
}

export async function withCountingApp(
  options: HarnessOptions,
  run: (harness: CountingHarness) => Promise<void>,
): Promise<void> {
  await withScratchDatabase({ prefix: options.prefix, max: 2, keep: false }, async (scratch, url) => {
    const cipher = createTokenCipher(DEV_NETWORK_TOKEN_KEY);
    await seedDemoIfEmpty(scratch.db, {
      hashPassword,
      saveFile: async () => {},
      encryptToken: (token) => cipher.encryptToken(token),
    });
    let counting = false;
    let current: StatementCount = { statements: 0, roundTrips: 0, lines: [] };
    let turnOpen = false;
    const raw = postgres(url, {
      max: options.connections,
      onnotice: () => {},
      debug: (_connection: number, query: string) => {
        if (!counting) return;
        current.statements += 1;
        if (!turnOpen) {
          current.roundTrips += 1;
          turnOpen = true;
          setImmediate(() => {
            turnOpen = false;
          });
          current.lines.push("");
        }
        current.lines.push(`    ${query.replace(/\s+/g, " ").slice(0, 300)}`);
      },
    });
    const db = drizzle({ client: options.prepared ? preparingClient(raw) : raw, schema }) as unknown as schema.Db;
    // Without the user reads cache: each read is counted as a first read (a read again costs none with it).
    const app = await buildApp({
      db,
      clock: systemClock,
      publicUrl: "http://127.0.0.1",
      userReadsCache: false,
      ...(options.rateLimitScale === undefined ? {} : { rateLimitScale: options.rateLimitScale }),
    });
    const harness: CountingHarness = {
      app,
      db,
      async signIn(login) {
        const response = await app.inject({
          method: "POST",
          url: "/api/login",
          headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
          payload: JSON.stringify({ login, password: "demo-password" }),
        });
        const cookie = response.headers["set-cookie"];
        if (response.statusCode !== 200 || !cookie) throw new Error(`login of ${login}: ${response.statusCode}`);
        return (Array.isArray(cookie) ? cookie : [cookie]).map((line) => line.split(";")[0]).join("; ");
      },
      async count(call) {
        current = { statements: 0, roundTrips: 0, lines: [] };
        counting = true;
        try {
          await call();
        } finally {
          counting = false;
        }
        return current;
      },
      async uncounted(call) {
        const before = counting;
        counting = false;
        try {
          return await call();
        } finally {
          counting = before;
        }
      },
    };
    try {
      await run(harness);
    } finally {
      await app.close();
      await raw.end({ timeout: 5 });
    }
  });
}
