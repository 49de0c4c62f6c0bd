import { systemClock } from "@market/api";
import { TEST_ORIGIN } from "@market/api/testing";
import type { Db } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { type AppDeps, buildApp } from "../app";
import { checkAnswersAgainstDocument } from "../openapi/answer-check";

/** What a test file may set on its app; the database is always the file's own fresh one. */
export type TestAppDeps = Partial<Omit<AppDeps, "db">>;

export interface TestApp {
  /** The file's fresh database; read it inside hooks and tests only. */
  readonly db: Db;
  /** The app built on that database, driven with inject() (or listen()); read it inside hooks and tests only. */
  readonly app: FastifyInstance;
}

/**
 * Gives the calling test file a fresh database and an app built on it: registers the beforeAll that
 * creates both and the afterAll that closes both. Call it at the top level of the file, before any
 * beforeAll that seeds data (Vitest runs beforeAll hooks in the order they are registered).
 * The clock is the system clock and mails link to TEST_ORIGIN unless `deps` sets them.
 */
export function useTestApp(deps: TestAppDeps = {}): TestApp {
  let testDb: TestDb | undefined;
  let app: FastifyInstance | undefined;
  let offDocument: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDb();
    app = await buildApp({
      // As in callerFor: refunds at once unless a test sets the two-person rule's threshold (issue 36).
      refundApprovalThresholdCents: Number.MAX_SAFE_INTEGER,
      ...deps,
      db: testDb.db,
      clock: deps.clock ?? systemClock,
      publicUrl: deps.publicUrl ?? TEST_ORIGIN,
    });
    // Every answer of the file's tests is held to the OpenAPI document's schema for it (openapi/answer-check.ts).
    offDocument = checkAnswersAgainstDocument(app);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
    if (offDocument.length > 0) throw new Error(`Answers off the OpenAPI document:\n${offDocument.join("\n")}`);
  });

  const notReady = (what: string) =>
    new Error(`useTestApp: ${what} is read before its beforeAll ran; read it inside a hook or a test.`);
  return {
    get db() {
      if (!testDb) throw notReady("db");
      return testDb.db;
    },
    get app() {
      if (!app) throw notReady("app");
      return app;
    },
  };
}
