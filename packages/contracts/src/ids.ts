import { z } from "zod";

/** The largest value of a PostgreSQL integer column, as the ids of our rows are. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * The id of a stored row: a JSON number, or a string of digits as a path or query parameter carries it ("12").
 * Anything else is refused, where z.coerce alone would read [5] as 5, true as 1 and "0x10" as 16.
 */
export const rowId = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().positive().max(MAX_ROW_ID));
