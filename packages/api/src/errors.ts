import type { FieldIssue, Reason } from "@market/contracts";

/**
 * A refusal of the domain: a reason from the spec's catalogue, a message a caller may read, and the fields it
 * concerns. Services throw it and know nothing of HTTP; the edges answer it with REASON_STATUS's status (contracts):
 * tRPC's in trpc-errors.ts, REST's in apps/server/src/rest/errors.ts.
 */
export class ReasonError extends Error {
  constructor(
    readonly reason: Reason,
    message?: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message ?? reason);
    this.name = "ReasonError";
  }
}

/**
 * A rate limit's refusal, with how long until the same attempt would be let through: the REST answer's Retry-After.
 */
export class RateLimited extends ReasonError {
  constructor(readonly retryAfterMs: number) {
    super("rate_limited");
    this.name = "RateLimited";
  }
}

/** Refuses with `rate_limited`, saying when to try again. */
export function failRateLimited(retryAfterMs: number): never {
  throw new RateLimited(retryAfterMs);
}

/** Refuses with a reason, the message a caller reads (the reason itself by default) and the fields it concerns. */
export function fail(reason: Reason, message?: string, issues?: FieldIssue[]): never {
  throw new ReasonError(reason, message, issues);
}

/**
 * Refuses input that passed its schema but breaks a rule only the server can check (the clock, ownership of
 * files, a network of the proposal): `invalid` with one issue on the field, as the schema would, so a form marks
 * that field the same way in both cases.
 */
export function failField(path: (string | number)[], message: string): never {
  fail("invalid", message, [{ path, message }]);
}

/**
 * A list's cursor this server did not make (garbage, another list's or sort's, out of range): `invalid` on the
 * cursor rather than a first page again, which a client paging on would take for more rows.
 */
export function failInvalidCursor(): never {
  return fail("invalid", "This list's cursor is not valid.", [{ path: ["cursor"], message: "Reload the list." }]);
}

/** The issues of a schema's refusal, in the shape of an error answer's `issues`. */
export function schemaIssues(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.filter((part): part is string | number => typeof part !== "symbol"),
    message: issue.message,
  }));
}
