import { eq, gte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Tx } from "../client";
import { rowsOf } from "../client";
import { users } from "../schema";
import { createTestDb, type TestDb } from "../testing";
import { type Placeholders, preparedQuery, preparedShapes, rawStatement } from "./prepared-query";

let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  await db.insert(users).values(
    ["ana", "ben", "cai"].map((username) => ({
      kind: "influencer" as const,
      username,
      email: `${username}@example.test`,
      passwordHash: "x",
    })),
  );
}, 120_000);
afterAll(() => testDb.close());

/** A prepared query that counts how many times it was built, and on which handles. */
function countedQuery() {
  const builtOn: (Db | Tx)[] = [];
  const query = preparedQuery("test_users_named", (handle, values: Placeholders<{ names: string[] }>) => {
    builtOn.push(handle);
    return handle
      .select({ username: users.username })
      .from(users)
      .where(sql`${users.username} = any(${values.names}::text[])`)
      .orderBy(users.username);
  });
  return { query, builtOn };
}

describe("preparedQuery", () => {
  it("builds once per handle and answers each call with its own values", async () => {
    const { query, builtOn } = countedQuery();
    expect(await query(db, { names: ["cai", "ana"] })).toEqual([{ username: "ana" }, { username: "cai" }]);
    expect(await query(db, { names: ["ben"] })).toEqual([{ username: "ben" }]);
    expect(await query(db, { names: [] })).toEqual([]);
    expect(builtOn).toEqual([db]);
  });

  it("runs in a transaction on the transaction's handle, seeing its uncommitted rows", async () => {
    const { query, builtOn } = countedQuery();
    await query(db, { names: ["ana"] });
    await db
      .transaction(async (tx) => {
        await tx.insert(users).values({ kind: "brand", username: "dee", email: "dee@example.test", passwordHash: "x" });
        expect(await query(tx, { names: ["dee", "ana"] })).toEqual([{ username: "ana" }, { username: "dee" }]);
        expect(await query(tx, { names: ["dee"] })).toEqual([{ username: "dee" }]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === "Rollback")) throw error;
      });
    expect(builtOn).toHaveLength(2);
    expect(builtOn[1]).not.toBe(db);
    expect(await query(db, { names: ["dee"] })).toEqual([]);
  });

  it("takes a Date for a placeholder, by a column or raw, on either driver", async () => {
    const exact = new Date("2026-01-02T03:04:05.678Z");
    await db.update(users).set({ createdAt: new Date("2020-01-01T00:00:00Z") });
    await db.update(users).set({ createdAt: exact }).where(eq(users.username, "ben"));
    const since = preparedQuery("test_users_since", (handle, values: Placeholders<{ since: Date }>) =>
      handle.select({ username: users.username }).from(users).where(gte(users.createdAt, values.since)),
    );
    const at = preparedQuery("test_users_at_raw", (handle, values: Placeholders<{ at: Date }>) =>
      rawStatement(handle, sql`select ${users.username} as name from ${users} where ${users.createdAt} = ${values.at}`),
    );
    expect(await since(db, { since: exact })).toEqual([{ username: "ben" }]);
    expect(await since(db, { since: new Date(exact.getTime() + 1) })).toEqual([]);
    expect(rowsOf<{ name: string }>(await at(db, { at: exact }))).toEqual([{ name: "ben" }]);
  });
});

/** Usernames by prefix in either order, a shape each; `built` records each build by its shape. */
function usernamesByShape(maxShapes?: number) {
  const built: string[] = [];
  const names = preparedShapes(
    "test_usernames",
    (shape: { descending: boolean }) => (shape.descending ? "desc" : "asc"),
    (handle, shape, values: Placeholders<{ prefix: string }>) => {
      built.push(shape.descending ? "desc" : "asc");
      return rawStatement(
        handle,
        sql`select ${users.username} as name from ${users} where ${users.username} like ${values.prefix} || '%'
          order by ${users.username} ${shape.descending ? sql`desc` : sql`asc`}`,
      );
    },
    maxShapes,
  );
  const read = async (descending: boolean, prefix: string) =>
    rowsOf<{ name: string }>(await names(db, { descending }, { prefix })).map((row) => row.name);
  return { read, built };
}

describe("preparedShapes and rawStatement", () => {
  it("builds each shape once, and answers each call with its own values", async () => {
    const { read, built } = usernamesByShape();
    expect(await read(false, "")).toEqual(["ana", "ben", "cai"]);
    expect(await read(true, "")).toEqual(["cai", "ben", "ana"]);
    expect(await read(true, "b")).toEqual(["ben"]);
    expect(await read(false, "a")).toEqual(["ana"]);
    expect(built).toEqual(["asc", "desc"]);
  });

  it("keeps no more shapes than its bound: the others are built on every call, with the same answers", async () => {
    const { read, built } = usernamesByShape(1);
    expect(await read(false, "")).toEqual(["ana", "ben", "cai"]);
    expect(await read(true, "c")).toEqual(["cai"]);
    expect(await read(true, "")).toEqual(["cai", "ben", "ana"]);
    expect(await read(false, "b")).toEqual(["ben"]);
    expect(built).toEqual(["asc", "desc", "desc"]);
  });
});
