import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";

/** A selected column as drizzle's select lists it for its row mapping: where it goes in the row, what it is. */
export interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** drizzle keeps an SQL's decoder (its mapWith) out of its types. */
const decoderOfSql = (sql: SQL) => (sql as unknown as { decoder: Decoder }).decoder;

/** The decoder drizzle's mapResultRow finds for a field: the column itself, or its SQL's. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * A nested object of the selection (`sender: { id, username }`) that comes from a left-joined table: it reads
 * as null when its first column is null, as drizzle decides, provided all its columns are of that one table.
 */
interface NullableObject {
  key: string;
  firstColumn: number;
}

/**
 * drizzle's mapResultRow (drizzle-orm/utils), with what it works out for every row of every call worked out once
 * per selection: each column's decoder (found by `is` checks, several a column), its path, and which nested
 * objects read as null. The rows are the same objects, keys in the same order: row-mapper.int.test.ts compares
 * the two on the same rows. drizzle's mapping was about 4 % of a signed-in request's CPU in the load bench's profile
 * (issue 17); a chat page of 21 rows of 16 columns maps in 16 µs instead of 39.
 */
export function compileRowMapper(
  fields: readonly SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (row: unknown[]) => Record<string, unknown> {
  const columns = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    leaf: path[path.length - 1] as string,
    decoder: decoderOf(field),
  }));
  const nullable = joinsNotNullableMap ? nullableObjects(fields, joinsNotNullableMap) : [];
  return (row) => {
    const result: Record<string, unknown> = {};
    for (let index = 0; index < columns.length; index++) {
      const { parents, leaf, decoder } = columns[index] as (typeof columns)[number];
      let node = result;
      for (const key of parents) {
        if (!(key in node)) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
      const raw = row[index];
      node[leaf] = raw === null ? null : decoder.mapFromDriverValue(raw);
    }
    for (const { key, firstColumn } of nullable) {
      const object = result[key] as Record<string, unknown>;
      const column = columns[firstColumn] as (typeof columns)[number];
      if (object[column.leaf] === null) result[key] = null;
    }
    return result;
  };
}

/**
 * The nested objects a row may null, as mapResultRow decides: an object of a column's first path segment, whose
 * columns (a Column at depth 2) all come from one table that the joins may leave without a row, reads as null
 * when the first of them is null.
 */
function nullableObjects(
  fields: readonly SelectedField[],
  joinsNotNullableMap: Record<string, boolean>,
): NullableObject[] {
  const objects = new Map<string, { firstColumn: number; table: string | null }>();
  fields.forEach(({ path, field }, index) => {
    if (!is(field, Column) || path.length !== 2) return;
    const key = path[0] as string;
    const table = getTableName(field.table);
    const seen = objects.get(key);
    if (!seen) objects.set(key, { firstColumn: index, table });
    else if (seen.table !== table) seen.table = null;
  });
  return [...objects]
    .filter(([, { table }]) => table !== null && !joinsNotNullableMap[table])
    .map(([key, { firstColumn }]) => ({ key, firstColumn }));
}
