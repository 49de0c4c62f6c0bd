import { rowsOf, type SQL, sql, type Tx } from "@market/db";

/** pg-boss's executor interface (its `db` option): SQL text with $1…$n placeholders and their values. */
export interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

const PLACEHOLDER = /\$(\d+)/g;

/**
 * Runs pg-boss's statements inside one of our transactions (drizzle's `tx`), so a job it sends commits or rolls
 * back with the write that caused it. pg-boss writes $1…$n placeholders; each becomes a bound parameter of a drizzle
 * SQL (a placeholder used twice is bound twice, with the same value).
 */
export function txExecutor(tx: Tx): SqlExecutor {
  return {
    async executeSql(text, values) {
      return { rows: rowsOf(await tx.execute(boundSql(text, values))) };
    },
  };
}

/**
 * A value as pg (node-postgres, pg-boss's own driver) binds it: undefined as NULL (drizzle would drop the
 * placeholder), an object as its JSON text (a job's data, cast to jsonb by pg-boss's SQL).
 */
function asPgBinds(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === "object" && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    return JSON.stringify(value);
  }
  return value;
}

/** The text with each $n replaced by a parameter holding values[n - 1]; never the value's text in the SQL. */
export function boundSql(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`no value for the placeholder ${match[0]}`);
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(asPgBinds(values[index]))}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}
