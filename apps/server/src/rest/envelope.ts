import type { FieldIssue, Reason } from "@market/contracts";

/** Every /api and /admin/api answer is one of these (spec section 7: a body without status forces a reload). */
export type Envelope<T = unknown> =
  | { status: "success"; data: T }
  | { status: "error"; reason: Reason; issues?: FieldIssue[] };

export const success = <T>(data: T): Envelope<T> => ({ status: "success", data });

export const failure = (reason: Reason, issues?: FieldIssue[]): Envelope<never> =>
  issues ? { status: "error", reason, issues } : { status: "error", reason };
