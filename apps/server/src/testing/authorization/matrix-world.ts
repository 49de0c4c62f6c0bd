import { memoryFileStore, sandboxGateway, systemClock } from "@market/api";
import { TEST_ORIGIN } from "@market/api/testing";
import { createTestDb, type TestDb } from "@market/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../../app";
import { checkAnswersAgainstDocument } from "../../openapi/answer-check";
import { callsOn } from "./calls";
import type { Ask } from "./matrix";
import { kindOf, type Role } from "./roles";
import { createWorld, type Made, NOTHING_MADE, type ObjectState, type World } from "./world";

/** Limits are not the matrix's subject: every cell may log in, sign up and upload. */
const LIMITS_SCALE = 1_000;

/**
 * The server and the world an authorization matrix runs on (matrix.int.test.ts with sessions, key-matrix.int.test.ts
 * with API keys): a built app listening on loopback over a database of its own, every role's account, and the
 * objects the cells call on — made once per state for cells that only read, made anew for each cell that writes.
 * Every success is held to the OpenAPI document's schema of its path (`offDocument` lists what was not).
 */
export interface MatrixWorld {
  readonly app: FastifyInstance;
  readonly world: World;
  readonly calls: ReturnType<typeof callsOn>;
  readonly offDocument: readonly string[];
  objectFor(state: ObjectState | undefined, writes: boolean): Promise<Made>;
  askFor(role: Role, owner: "brand" | "influencer", made: Made): Ask;
}

export function useMatrixWorld(): MatrixWorld {
  const clock = systemClock;
  let testDb: TestDb | undefined;
  let app: FastifyInstance | undefined;
  let world: World | undefined;
  let calls: ReturnType<typeof callsOn> | undefined;
  let offDocument: string[] = [];
  beforeAll(async () => {
    testDb = await createTestDb();
    const files = memoryFileStore();
    const payments = sandboxGateway({ db: testDb.db, clock });
    app = await buildApp({
      db: testDb.db,
      clock,
      files,
      payments,
      publicUrl: TEST_ORIGIN,
      rateLimitScale: LIMITS_SCALE,
    });
    offDocument = checkAnswersAgainstDocument(app);
    await app.listen({ port: 0, host: "127.0.0.1" });
    calls = callsOn(app);
    world = await createWorld({ db: testDb.db, clock, files, payments, rateLimitScale: LIMITS_SCALE });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useMatrixWorld: read inside a test, after its beforeAll");
    return value;
  };
  let uniques = 0;
  const unique = () => {
    uniques += 1;
    return `${Date.now().toString(36)}${uniques}`;
  };
  const shared = new Map<ObjectState, Promise<Made>>();

  return {
    get app() {
      return ready(app);
    },
    get world() {
      return ready(world);
    },
    get calls() {
      return ready(calls);
    },
    get offDocument() {
      return offDocument;
    },
    objectFor(state, writes) {
      if (!state) return Promise.resolve(NOTHING_MADE);
      if (writes) return ready(world).make(state);
      let made = shared.get(state);
      if (!made) {
        made = ready(world).make(state);
        shared.set(state, made);
      }
      return made;
    },
    askFor(role, owner, made) {
      const { accounts, cardToken } = ready(world);
      return { made, accounts, clock, kind: kindOf(role, owner), unique, cardToken };
    },
  };
}
