import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, customType, timestamp } from "drizzle-orm/pg-core";

/** Every point in time is a timestamptz: instances and users live in different time zones. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => tstz("created_at").notNull().defaultNow();
/** Services pass the injected clock's time; $onUpdate only covers writers that forget. */
export const updatedAt = () =>
  tstz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Raw bytes (hashes). Buffer is a Uint8Array that both PGlite and postgres.js send as bytea. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** An empty text[] default; drizzle has no literal for it. */
export const emptyTextArray = sql`'{}'::text[]`;

/** DDL cannot take bind parameters, so the trusted enum tuples from contracts are inlined as literals. */
const literals = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "));

/** CHECK body: the column holds one of the values (NULL passes, as CHECK treats unknown as true). */
export const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL => sql`${column} in (${literals(values)})`;

/** CHECK body: every element of the text[] column is one of the values. */
export const allOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} <@ array[${literals(values)}]::text[]`;

/** CHECK body: an integer column within [min, max]. */
export const between = (column: AnyPgColumn, min: number, max: number): SQL =>
  sql`${column} between ${sql.raw(String(min))} and ${sql.raw(String(max))}`;

/**
 * Generated column body: an integer with bit i set when the text[] column holds values[i]. The search tests a
 * filter with `mask & bitMask(filter, values) <> 0` (one integer AND per row) rather than an array overlap, which
 * is several times dearer per row over tens of thousands of open deals. `values` may only grow at the end: the
 * bit of a value is its position, baked into the stored column.
 */
export const bitsOf = (column: string, values: readonly string[]): SQL =>
  sql.raw(
    values
      .map((value, i) => `(case when '${value.replaceAll("'", "''")}' = any("${column}") then ${2 ** i} else 0 end)`)
      .join(" | "),
  );

/** The mask of `selected` among `values`, as bitsOf stores it. */
export function bitMask(selected: readonly string[], values: readonly string[]): number {
  let mask = 0;
  for (const value of selected) {
    const i = values.indexOf(value);
    if (i >= 0) mask |= 2 ** i;
  }
  return mask;
}
