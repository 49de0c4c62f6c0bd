import { procedureScope } from "@market/api";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { typeOf } from "./calls";
import { type Ask, HTTP_ROWS, type HttpCall, PROCEDURE_ROWS, type ProcedurePath, REST_ROWS } from "./matrix";
import { useMatrixWorld } from "./matrix-world";
import { answerList, ROLES, type Role } from "./roles";
import type { ObjectState } from "./world";

/**
 * The authorization matrix's key rows (issue 39): every route again, each brand and influencer role calling with an
 * API key of its own holding every scope instead of a session. A key acts as its owner's session does, so each
 * answer is the session's of the same role (matrix.ts): a key of one user never reaches another's objects. What a
 * key may never do (procedure-scopes.ts: `session`) answers 403 session_required instead. Admins have no keys.
 */

const KEY_ROLES = ["brand", "influencer", "otherBrand", "otherInfluencer"] as const satisfies readonly Role[];
type KeyRole = (typeof KEY_ROLES)[number];
const matrix = useMatrixWorld();

/** A script's call: the key as a bearer, no cookie, no Origin nor Sec-Fetch-Site. */
const withKey = (call: HttpCall, key: string): HttpCall => ({
  ...call,
  headers: { ...call.headers, authorization: `Bearer ${key}`, "sec-fetch-site": "cross-site" },
});

/** A procedure's call on /trpc as the SDK makes it, with the key. */
function procedureCall(path: string, input: unknown): { method: "GET" | "POST"; call: HttpCall } {
  const serialized = input === undefined ? undefined : superjson.serialize(input);
  if (typeOf(path) === "query") {
    const query = serialized === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(serialized))}`;
    return { method: "GET", call: { url: `/trpc/${path}${query}` } };
  }
  return { method: "POST", call: { url: `/trpc/${path}`, body: serialized ?? {} } };
}

/** The answers of the key roles, each with a fresh key of its own (and a fresh object when the route writes). */
async function keyAnswers(
  owner: "brand" | "influencer",
  object: ObjectState | undefined,
  writes: boolean,
  request: (ask: Ask) => Promise<{ method: string; call: HttpCall }>,
): Promise<string> {
  const answers: string[] = [];
  for (const role of KEY_ROLES) {
    const made = await matrix.objectFor(object, writes);
    const key = await matrix.world.keyOf(role);
    const { method, call } = await request(matrix.askFor(role, owner, made));
    answers.push(await matrix.calls.httpAnswer(method, withKey(call, key), null));
  }
  return answers.join(" ");
}

/** What the key roles should answer: the session's answers of those roles, or 403 where a key may not go. */
function expectedFor(answers: string, procedure: string | null): string {
  const list = answerList(answers);
  return KEY_ROLES.map((role: KeyRole) =>
    procedure !== null && procedureScope(procedure) === "session" ? "403" : list[ROLES.indexOf(role)],
  ).join(" ");
}

const method = (key: string) => key.split(" ")[0] ?? "";
const LINE = `key roles: ${KEY_ROLES.join(" ")}`;

describe("every procedure on /trpc answers a key as its owner's session", () => {
  const rows = Object.entries(PROCEDURE_ROWS).filter(([name]) => typeOf(name) !== "subscription");
  it.each(rows)("%s", async (name, row) => {
    const input = "input" in row ? row.input : undefined;
    const answers = await keyAnswers(
      row.owner,
      "object" in row ? row.object : undefined,
      typeOf(name) === "mutation",
      async (ask) => procedureCall(name, input ? await input(ask) : undefined),
    );
    expect(answers, LINE).toBe(expectedFor(row.answers, name));
  });
});

describe("every REST path answers a key as its owner's session", () => {
  it.each(Object.entries(REST_ROWS))("%s", async (key, row) => {
    const procedure = PROCEDURE_ROWS[row.procedure as ProcedurePath];
    const answers = await keyAnswers(
      procedure.owner,
      "object" in procedure ? procedure.object : undefined,
      method(key) === "POST",
      async (ask) => ({ method: method(key), call: await row.request(ask) }),
    );
    expect(answers, LINE).toBe(expectedFor(row.answers ?? procedure.answers, row.procedure));
  });
});

describe("the other /api routes (uploads, statements, the console's files) answer a key as its owner's session", () => {
  const rows = Object.entries(HTTP_ROWS).filter(([key]) => /^(GET|POST) \/(admin\/)?api\//.test(key));
  it.each(rows)("%s", async (key, row) => {
    const answers = await keyAnswers(row.owner, row.object, method(key) !== "GET", async (ask) => ({
      method: method(key),
      call: row.request(ask),
    }));
    expect(answers, LINE).toBe(expectedFor(row.answers, null));
  });
});

describe("every answer a key got", () => {
  it("is of the schema the OpenAPI document gives it", () => {
    expect(matrix.offDocument).toEqual([]);
  });
});
