import { z } from "zod";

/** The largest value of a PostgreSQL integer column, as the ids of our rows are. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * The id of a stored row: a JSON number, or its digits as a path or query parameter carries them ("12", never "012").
 * Anything else is refused, where z.coerce alone would read [5] as 5, true as 1 and "0x10" as 16.
 */
export const rowId = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^[1-9]\d*$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(MAX_ROW_ID));

/**
 * The id of a stored row where only a JSON body carries it (never a path): a JSON number alone, as docs/api.md
 * says of ids in bodies; "12" is refused here, where rowId takes it for the paths' sake.
 */
export const bodyRowId = z.number().int().positive().max(MAX_ROW_ID);
