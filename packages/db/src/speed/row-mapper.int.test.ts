import * as drizzle from "drizzle-orm";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../client";
import { sessions, users } from "../schema";
import { createTestDb, type TestDb } from "../testing";
import { type Placeholders, preparedQuery } from "./prepared-query";
import { compileRowMapper, type SelectedField } from "./row-mapper";

/** drizzle's own row mapping, which compileRowMapper stands in for (exported by drizzle-orm, not in its types). */
const mapResultRow = (drizzle as unknown as { mapResultRow: MapResultRow }).mapResultRow;
type MapResultRow = (fields: SelectedField[], row: unknown[], joins?: Record<string, boolean>) => unknown;

let testDb: TestDb;
let db: Db;
const impersonator = alias(users, "impersonator");

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  const [ana, ben, adm] = await db
    .insert(users)
    .values(
      ["ana", "ben", "adm"].map((username) => ({
        kind: "influencer" as const,
        username,
        email: `${username}@example.test`,
        passwordHash: "x",
        picture: username === "ben" ? null : `${username}.png`,
        isAdmin: username === "adm",
      })),
    )
    .returning({ id: users.id });
  const expiresAt = new Date("2027-01-01T00:00:00.123Z");
  await db.insert(sessions).values([
    { id: "s1", secretHash: new Uint8Array([1, 2, 3]), userId: ana?.id ?? 0, expiresAt },
    { id: "s2", secretHash: new Uint8Array([4]), userId: ben?.id ?? 0, impersonatorId: adm?.id ?? 0, expiresAt },
  ]);
}, 120_000);
afterAll(() => testDb.close());

/**
 * Every kind of field a selection has: a whole table, nested objects of a joined and a left-joined table (that one
 * null when the join finds no row), an object mixing two tables (never nulled), SQL with and without a decoder,
 * and top-level columns, in an order that interleaves them.
 */
function selection(handle: Db) {
  return handle
    .select({
      id: sessions.id,
      session: sessions,
      user: { id: users.id, username: users.username, picture: users.picture },
      impersonator: { id: impersonator.id, isAdmin: impersonator.isAdmin, created: impersonator.createdAt },
      mixed: { impersonatorId: impersonator.id, userId: users.id },
      extra: {
        one: sql<number>`1`.mapWith(Number),
        seen: sql<Date>`${sessions.expiresAt}`.mapWith(sessions.expiresAt),
        raw: sql<string>`'text'`,
      },
      username: users.username,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonator, eq(impersonator.id, sessions.impersonatorId));
}

const prepared = preparedQuery("test_row_mapper", (handle, values: Placeholders<{ ids: string[] }>) =>
  selection(handle as Db)
    .where(sql`${sessions.id} = any(${values.ids}::text[])`)
    .orderBy(sessions.id),
);

/** The prepared query's selection, as drizzle's select hands it to its row mapping. */
function fieldsOf(): { fields: SelectedField[]; joins: Record<string, boolean> } {
  const query = selection(db).prepare("test_row_mapper_fields") as unknown as {
    fields: SelectedField[];
    joinsNotNullableMap: Record<string, boolean>;
  };
  return { fields: query.fields, joins: query.joinsNotNullableMap };
}

describe("compileRowMapper", () => {
  it("gives a prepared select the rows drizzle maps for the same select, keys in the same order", async () => {
    const rows = await prepared(db, { ids: ["s1", "s2"] });
    const mappedByDrizzle = await selection(db).orderBy(sessions.id);
    expect(rows).toEqual(mappedByDrizzle);
    expect(JSON.stringify(rows)).toBe(JSON.stringify(mappedByDrizzle));
    // The two shapes a left join gives: no impersonator (null), and one (an object), beside a mixed object kept.
    expect(rows.map((row) => row.impersonator?.isAdmin ?? null)).toEqual([null, true]);
    expect(rows[0]?.mixed).toEqual({ impersonatorId: null, userId: expect.any(Number) });
    expect(rows[1]?.session.expiresAt).toEqual(new Date("2027-01-01T00:00:00.123Z"));
  });

  it("maps any row of driver values as drizzle's mapResultRow does", () => {
    const { fields, joins } = fieldsOf();
    const mapRow = compileRowMapper(fields, joins);
    // Values as a driver returns them (timestamps as text, as both of ours are told to), each column maybe null.
    const value = fc.oneof(
      fc.constant(null),
      fc.string({ maxLength: 8 }),
      fc.integer(),
      fc.boolean(),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: fields.length, maxLength: fields.length }), (row) => {
        const expected = mapResultRow(fields, row, joins);
        const actual = mapRow(row);
        expect(actual).toStrictEqual(expected);
        expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
      }),
      { numRuns: 500 },
    );
  });

  it("nulls no object when the select has no joins map (drizzle's own rule)", () => {
    const { fields } = fieldsOf();
    const row = fields.map(() => null);
    expect(compileRowMapper(fields, undefined)(row)).toStrictEqual(mapResultRow(fields, row, undefined));
  });
});
