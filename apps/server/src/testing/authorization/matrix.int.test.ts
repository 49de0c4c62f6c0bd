import { memoryFileStore, sandboxGateway, systemClock } from "@market/api";
import { TEST_ORIGIN } from "@market/api/testing";
import { createTestDb, type TestDb } from "@market/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { routeTableOf } from "../../http/route-table";
import { checkAnswersAgainstDocument } from "../../openapi/answer-check";
import { callsOn, procedures, typeOf } from "./calls";
import { type Ask, HTTP_ROWS, PROCEDURE_ROWS, type ProcedurePath, REST_ROWS } from "./matrix";
import { answerList, kindOf, ROLES, type Role } from "./roles";
import { createWorld, type Made, NOTHING_MADE, type ObjectState, type World } from "./world";

/**
 * The authorization matrix (matrix.ts), run: every route of the server's own table, for every role, on
 * PostgreSQL in CI. A route the server serves without a row fails here, as does a row for a route it does not serve.
 */

/** Limits are not the matrix's subject: every cell may log in, sign up and upload. */
const LIMITS_SCALE = 1_000;

let testDb: TestDb;
let app: FastifyInstance;
let world: World;
let calls: ReturnType<typeof callsOn>;
/** Every success the matrix gets, held to the OpenAPI document's schema of its path (openapi/answer-check.ts). */
let offDocument: string[] = [];
const clock = systemClock;

beforeAll(async () => {
  testDb = await createTestDb();
  const files = memoryFileStore();
  const payments = sandboxGateway({ db: testDb.db, clock });
  app = await buildApp({ db: testDb.db, clock, files, payments, publicUrl: TEST_ORIGIN, rateLimitScale: LIMITS_SCALE });
  offDocument = checkAnswersAgainstDocument(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  calls = callsOn(app);
  world = await createWorld({ db: testDb.db, clock, files, payments, rateLimitScale: LIMITS_SCALE });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

let uniques = 0;
const unique = () => {
  uniques += 1;
  return `${Date.now().toString(36)}${uniques}`;
};

/** Objects a cell only reads, made once per state. */
const shared = new Map<ObjectState, Promise<Made>>();

async function objectFor(state: ObjectState | undefined, writes: boolean): Promise<Made> {
  if (!state) return NOTHING_MADE;
  if (writes) return world.make(state);
  let made = shared.get(state);
  if (!made) {
    made = world.make(state);
    shared.set(state, made);
  }
  return made;
}

function askFor(role: Role, owner: "brand" | "influencer", made: Made): Ask {
  return {
    made,
    accounts: world.accounts,
    clock,
    kind: kindOf(role, owner),
    unique,
    cardToken: world.cardToken,
  };
}

interface Cell {
  owner: "brand" | "influencer";
  object?: ObjectState | undefined;
  writes: boolean;
  call: (ask: Ask, token: string | null) => Promise<string>;
}

/**
 * Every role's answer to one route, each on its own session (and its own object when the route writes), as the
 * matrix writes them: one line in ROLES' order.
 */
async function answersTo(cell: Cell): Promise<string> {
  const answers: string[] = [];
  for (const role of ROLES) {
    const made = await objectFor(cell.object, cell.writes);
    const token = role === "visitor" ? null : await world.sessionOf(role, cell.owner);
    answers.push(await cell.call(askFor(role, cell.owner, made), token));
  }
  return answers.join(" ");
}

/** The row's answers as one line, checked for their form. */
const expected = (answers: string) => answerList(answers).join(" ");
const ROLE_LINE = `roles: ${ROLES.join(" ")}`;

const method = (key: string) => key.split(" ")[0] ?? "";

describe("the authorization matrix covers the server", () => {
  it("has a row for every route and procedure, and none for a route the server does not serve", () => {
    const served = new Set<string>();
    for (const route of routeTableOf(app)) {
      // /trpc/{path} and the /trpc WebSocket serve the procedures, each its own row.
      if (route.url === "/trpc" || route.url.startsWith("/trpc/")) continue;
      served.add(`${route.method} ${route.url}`);
    }
    for (const name of Object.keys(procedures)) served.add(name);
    const rows = new Set([...Object.keys(PROCEDURE_ROWS), ...Object.keys(REST_ROWS), ...Object.keys(HTTP_ROWS)]);
    expect({
      routesWithoutRow: [...served].filter((route) => !rows.has(route)),
      rowsWithoutRoute: [...rows].filter((row) => !served.has(row)),
    }).toEqual({ routesWithoutRow: [], rowsWithoutRoute: [] });
    expect(routeTableOf(app).some((route) => route.method === "WS" && route.url === "/trpc")).toBe(true);
  });
});

describe("every procedure on /trpc answers each role as its row says", () => {
  it.each(Object.entries(PROCEDURE_ROWS))("%s", async (name, row) => {
    const input = "input" in row ? row.input : undefined;
    const answers = await answersTo({
      owner: row.owner,
      object: "object" in row ? row.object : undefined,
      writes: typeOf(name) === "mutation",
      call: async (ask, token) => calls.procedureAnswer(name, input ? await input(ask) : undefined, token),
    });
    expect(answers, ROLE_LINE).toBe(expected(row.answers));
  });
});

describe("every REST path answers each role as its procedure's row says", () => {
  it.each(Object.entries(REST_ROWS))("%s", async (key, row) => {
    const procedure = PROCEDURE_ROWS[row.procedure as ProcedurePath];
    const answers = await answersTo({
      owner: procedure.owner,
      object: "object" in procedure ? procedure.object : undefined,
      writes: method(key) === "POST",
      call: async (ask, token) => calls.httpAnswer(method(key), await row.request(ask), token),
    });
    expect(answers, ROLE_LINE).toBe(expected(row.answers ?? procedure.answers));
  });
});

describe("every other route answers each role as its row says", () => {
  it.each(Object.entries(HTTP_ROWS))("%s", async (key, row) => {
    const answers = await answersTo({
      owner: row.owner,
      object: row.object,
      writes: method(key) !== "GET",
      call: (ask, token) =>
        method(key) === "WS"
          ? calls.upgradeAnswer(row.request(ask).url, token)
          : calls.httpAnswer(method(key), row.request(ask), token),
    });
    expect(answers, ROLE_LINE).toBe(expected(row.answers));
  });
});

describe("every answer the matrix got", () => {
  it("is of the schema the OpenAPI document gives it", () => {
    expect(offDocument).toEqual([]);
  });
});
