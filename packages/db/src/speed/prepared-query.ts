import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../client";
import { compileRowMapper, type SelectedField } from "./row-mapper";

/** A placeholder for each value a prepared query takes, typed as the value it stands for. */
export type Placeholders<Values> = { [K in keyof Values]: Placeholder<K & string, Values[K]> };

export interface Preparable<Result> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Result> };
}

/**
 * A query drizzle builds once per database handle instead of on every call: `build` writes it with placeholders
 * for the values, and the function returned runs it with them. Building is what drizzle costs: turning a select
 * with a few joins into text takes 0.1 to 0.6 ms of CPU, several times PostgreSQL's work for the indexed reads a
 * page sends, and about a quarter of a request's Node CPU in the load bench's profile (issue 17). The text and the
 * row mapping are reused; only the values change.
 *
 * The cache holds one prepared query per handle it ran on, weakly: the app's long-lived handle builds once, while
 * a transaction's handle lives for one transaction, so a query run in one is built as before (no slower, no
 * faster). The SQL is unchanged, so PostgreSQL's statement (prepared-statements.ts) is the same as before too.
 */
export function preparedQuery<Values extends Record<string, unknown>, Result>(
  name: string,
  build: (db: Db | Tx, values: Placeholders<Values>) => Preparable<Result>,
): (db: Db | Tx, values: Values) => Promise<Result> {
  const built = new WeakMap<Db | Tx, ReturnType<Preparable<Result>["prepare"]>>();
  const placeholders = new Proxy({} as Placeholders<Values>, {
    get: (_target, key) => (typeof key === "string" ? sql.placeholder(key) : undefined),
  });
  return (db, values) => {
    let query = built.get(db);
    if (!query) {
      query = withCompiledRows(build(db, placeholders).prepare(name));
      built.set(db, query);
    }
    return query.execute(driverValues(values));
  };
}

/**
 * A select's prepared query with its rows mapped by compileRowMapper instead of drizzle's mapResultRow, which
 * works its selection out again for every row. Both drivers' prepared queries map array rows through a
 * `customResultMapper` when one is set (drizzle's relational queries set theirs; those are left alone), and a
 * select sets `fields` and `joinsNotNullableMap` on its prepared query before handing it out.
 */
function withCompiledRows<Query extends object>(query: Query): Query {
  const internals = query as Query & {
    fields?: SelectedField[];
    joinsNotNullableMap?: Record<string, boolean>;
    customResultMapper?: (rows: unknown[][]) => unknown;
  };
  if (!Array.isArray(internals.fields) || internals.customResultMapper) return query;
  const mapRow = compileRowMapper(internals.fields, internals.joinsNotNullableMap);
  internals.customResultMapper = (rows) => rows.map(mapRow);
  return query;
}

/**
 * The values as either driver takes them: a Date as ISO text. drizzle encodes a value bound to a column by the
 * column, but not a placeholder's, and its postgres.js driver turns the driver's date serializer off, so a Date
 * there would fail to bind; PGlite and PostgreSQL read ISO text as the instant it is.
 */
function driverValues(values: Record<string, unknown>): Record<string, unknown> {
  let encoded: Record<string, unknown> | undefined;
  for (const key in values) {
    const value = values[key];
    if (value instanceof Date) {
      encoded ??= { ...values };
      encoded[key] = value.toISOString();
    }
  }
  return encoded ?? values;
}

/** More shapes than this of one family are built per call rather than kept (a bound on the memory they hold). */
const MAX_SHAPES = 2_000;

/**
 * preparedQuery for a family of queries whose text depends on a few choices (a sort, a filter, whether a cursor
 * came): one prepared query per shape, built the first time the shape runs. `shapeKey` names a shape. The
 * choices come from an input's enums and flags, so a family has a bounded number of shapes (the influencer
 * search's are the most: a few thousand in theory, a few dozen in use); past MAX_SHAPES a new one is built per call.
 */
export function preparedShapes<Shape, Values extends Record<string, unknown>, Result>(
  name: string,
  shapeKey: (shape: Shape) => string,
  build: (db: Db | Tx, shape: Shape, values: Placeholders<Values>) => Preparable<Result>,
  maxShapes = MAX_SHAPES,
): (db: Db | Tx, shape: Shape, values: Values) => Promise<Result> {
  const queries = new Map<string, (db: Db | Tx, values: Values) => Promise<Result>>();
  return (db, shape, values) => {
    const key = shapeKey(shape);
    let query = queries.get(key);
    if (!query) {
      query = preparedQuery(`${name}:${key}`, (handle, placeholders: Placeholders<Values>) =>
        build(handle, shape, placeholders),
      );
      if (queries.size < maxShapes) queries.set(key, query);
    }
    return query(db, values);
  };
}

// Our drizzle instances use the dialect's defaults (no casing), so a dialect of our own writes the same text.
const dialect = new PgDialect();

/**
 * A statement written as SQL, for preparedQuery: what a select builder cannot say (a union of index walks, a
 * lateral count). Its rows come as the driver returns them: read them with rowsOf, and expect from postgres.js a
 * bigint and a timestamp as text (drizzle's postgres.js driver turns its date parsers off), from PGlite a
 * timestamp as a Date; JSON is parsed by both. A Date given for a placeholder is sent as ISO text (driverValues).
 */
export function rawStatement(db: Db | Tx, statement: SQL): Preparable<unknown> {
  return {
    prepare: (name) => db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false),
  };
}
