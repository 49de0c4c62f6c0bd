/** A PostgreSQL error reduced to what services branch on, the same for both drivers. */
export interface PgError {
  /** SQLSTATE, e.g. 23505 (unique_violation), 23514 (check_violation), 40001 (serialization_failure). */
  code: string;
  constraint: string | undefined;
  message: string;
}

export const PG_UNIQUE_VIOLATION = "23505";
export const PG_FOREIGN_KEY_VIOLATION = "23503";
export const PG_CHECK_VIOLATION = "23514";

/**
 * Finds the database error behind a thrown value: drizzle wraps driver errors (cause), postgres.js names
 * the constraint constraint_name, PGlite constraint. Undefined when the failure did not come from PostgreSQL.
 */
export function pgErrorOf(error: unknown): PgError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const fields = current as Error & {
      code?: unknown;
      severity?: unknown;
      constraint?: string;
      constraint_name?: string;
    };
    // severity tells a server error from a socket error with a five-letter code (EPIPE).
    if (typeof fields.code === "string" && typeof fields.severity === "string") {
      return {
        code: fields.code,
        constraint: fields.constraint_name ?? fields.constraint,
        message: fields.message,
      };
    }
    current = current.cause;
  }
  return undefined;
}
