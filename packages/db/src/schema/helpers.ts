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
