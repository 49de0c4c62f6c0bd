import { createSession, hashPassword, systemClock } from "@market/api";
import { assertLedgerInvariants, TEST_ORIGIN, waitingApplication } from "@market/api/testing";
import { SANDBOX_TEST_CARDS } from "@market/contracts";
import { createDb, type DbHandle, eq, ledgerTransactions, migrate, type PoolerMode, sql, users } from "@market/db";
import { createTestDb, type TestDb, testDatabaseUrl } from "@market/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { post, setSessionCookie } from "./testing/auth-helpers";
import { type PgBouncer, startPgBouncer } from "./testing/pgbouncer";
import { openSocket, wsOrigin } from "./testing/sockets";

/**
 * Connection roles (issue 38 point 5, docs/architecture.md): DATABASE_URL through PgBouncer in transaction mode
 * (POOLER_MODE=transaction), DATABASE_DIRECT_URL to PostgreSQL itself for LISTEN and the migrations. PgBouncer is
 * Debian's (CI installs it); on PostgreSQL only, as it pools PostgreSQL's connections.
 */
const PASSWORD = "pooled-password-1";
const clock = systemClock;

describe("the app through PgBouncer in transaction mode", () => {
  let testDb: TestDb;
  let bouncer: PgBouncer;
  let handle: DbHandle;
  let app: FastifyInstance;
  let database: string;

  beforeAll(async () => {
    testDb = await createTestDb();
    if (!testDb.url || !testDatabaseUrl) throw new Error("PgBouncer pools PostgreSQL: set TEST_DATABASE_URL");
    database = new URL(testDb.url).pathname.slice(1);
    bouncer = await startPgBouncer(testDatabaseUrl);
    handle = await createDb({
      url: bouncer.urlOf(database),
      directUrl: testDb.url,
      poolerMode: "transaction",
      max: 4,
    });
    // As main.ts starts: the migrations' session lock on the direct connection (none to apply on this copy).
    await migrate(handle);
    app = await buildApp({
      db: handle.db,
      listener: handle.listener,
      clock,
      publicUrl: TEST_ORIGIN,
      refundApprovalThresholdCents: Number.MAX_SAFE_INTEGER,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await bouncer?.stop();
    await testDb?.close();
  });

  it("signs in, pays, releases and notifies, with the ledger balanced", async () => {
    const hire = await waitingApplication(handle.db, clock);
    await handle.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, hire.brand.id));
    const signedIn = await post(app, "/api/login", { login: hire.brand.username, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const brand = setSessionCookie(signedIn)?.value ?? "";
    expect(brand).not.toBe("");

    const influencer = (await createSession(handle.db, clock, hire.influencer.id)).token;
    const origin = wsOrigin(app).replace(/^ws/, "http");
    const socket = await openSocket(`${wsOrigin(app)}/notifications`, { token: influencer, origin });
    expect(await socket.next()).toEqual({ ready: true });

    const card = await post(
      app,
      "/api/payments/sandbox/tokens",
      { number: SANDBOX_TEST_CARDS.succeeds, expMonth: 4, expYear: 2030, cvc: "123" },
      { token: brand },
    );
    expect(card.statusCode).toBe(200);
    const accepted = await post(
      app,
      `/api/applications/${hire.id}/accept`,
      { frontendPriceInCents: 137_500, networks: ["instagram"], cardOptions: { token: card.json().data.token } },
      { token: brand },
    );
    expect([accepted.statusCode, accepted.json()]).toEqual([
      200,
      { status: "success", data: { requiresAction: false } },
    ]);
    // The NOTIFY went through the pooler with the hire's transaction; it came back over the direct LISTEN.
    expect(await socket.next(10_000)).toMatchObject({ notification: { applicationId: hire.id } });

    const released = await post(app, `/api/applications/${hire.id}/release`, {}, { token: brand });
    expect(released.statusCode).toBe(200);
    expect(await socket.next(10_000)).toMatchObject({ notification: { applicationId: hire.id } });
    socket.close();

    const kinds = await handle.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.applicationId, hire.id));
    expect(kinds.map((row) => row.kind).sort()).toEqual(["payment", "release"]);
    await assertLedgerInvariants(handle.db);

    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.json()).toEqual({
      ready: true,
      checks: { database: "ok", listen: "ok", migrations: "ok", draining: "ok" },
    });
    // Every query above reached PostgreSQL through the pooler, which logs each client's login.
    expect(bouncer.log()).toContain(`login attempt: db=${database}`);
  });

  it("needs POOLER_MODE=transaction: a named statement prepared on one server connection is missing on the next", async () => {
    // Default (no pooler mode), the client names its statements. Its one connection runs a query (prepared on server
    // connection A); another client's transaction then holds A, so the same query, in a transaction, runs on B,
    // where it was never prepared (outside a transaction postgres.js prepares it again; inside it cannot).
    const secondServerConnection = async (poolerMode: PoolerMode) => {
      const client = await createDb({ url: bouncer.urlOf(database), poolerMode, max: 1 });
      const holder = await createDb({ url: bouncer.urlOf(database), max: 1 });
      const query = sql`select ${1}::int as one`;
      try {
        await client.db.execute(query);
        return await holder.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          return client.db
            .transaction((inner) => inner.execute(query))
            .then(
              () => "ok",
              (error: Error) => (error.cause instanceof Error ? error.cause : error).message,
            );
        });
      } finally {
        await client.close();
        await holder.close();
      }
    };
    expect(await secondServerConnection("session")).toMatch(/prepared statement .* does not exist/);
    expect(await secondServerConnection("transaction")).toBe("ok");
  });
});
