import { describe, expect, it } from "vitest";
import { routeTableOf } from "../../http/route-table";
import { procedures, typeOf } from "./calls";
import { type Ask, HTTP_ROWS, PROCEDURE_ROWS, type ProcedurePath, REST_ROWS } from "./matrix";
import { useMatrixWorld } from "./matrix-world";
import { answerList, ROLES } from "./roles";
import type { ObjectState } from "./world";

/**
 * The authorization matrix (matrix.ts), run: every route of the server's own table, for every role, on
 * PostgreSQL in CI. A route the server serves without a row fails here, as does a row for a route it does not serve.
 */

const matrix = useMatrixWorld();

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
    const made = await matrix.objectFor(cell.object, cell.writes);
    const token = role === "visitor" ? null : await matrix.world.sessionOf(role, cell.owner);
    answers.push(await cell.call(matrix.askFor(role, cell.owner, made), token));
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
    for (const route of routeTableOf(matrix.app)) {
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
    expect(routeTableOf(matrix.app).some((route) => route.method === "WS" && route.url === "/trpc")).toBe(true);
  });
});

describe("every procedure on /trpc answers each role as its row says", () => {
  it.each(Object.entries(PROCEDURE_ROWS))("%s", async (name, row) => {
    const input = "input" in row ? row.input : undefined;
    const answers = await answersTo({
      owner: row.owner,
      object: "object" in row ? row.object : undefined,
      writes: typeOf(name) === "mutation",
      call: async (ask, token) => matrix.calls.procedureAnswer(name, input ? await input(ask) : undefined, token),
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
      call: async (ask, token) => matrix.calls.httpAnswer(method(key), await row.request(ask), token),
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
          ? matrix.calls.upgradeAnswer(row.request(ask).url, token)
          : matrix.calls.httpAnswer(method(key), row.request(ask), token),
    });
    expect(answers, ROLE_LINE).toBe(expected(row.answers));
  });
});

describe("every answer the matrix got", () => {
  it("is of the schema the OpenAPI document gives it", () => {
    expect(matrix.offDocument).toEqual([]);
  });
});
