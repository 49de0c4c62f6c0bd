import type { Reason } from "@market/contracts";
import { TRPCClientError } from "@trpc/client";
import type { ParseKeys } from "i18next";
import type { Issue } from "../../lib/field-errors";
import { REASON_MESSAGE_KEYS } from "../../lib/reasons";
import { FIX_FIELDS, type LineErrors, lineErrorsOf, type ProposalErrors } from "./proposal-check";

/** The field issues the server sent with an `invalid` answer, if any. */
export function issuesOf(error: unknown): Issue[] {
  if (!(error instanceof TRPCClientError)) return [];
  const issues = (error.data as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? (issues as Issue[]) : [];
}

/** Reasons whose own message the modal shows (spec section 8, Proposal); any other failure is the generic one. */
const REASONS_SHOWN = new Set<Reason>(["paused", "closed", "no_change", "missing_parameters", "conflict"]);
/** Where the shared message of a reason reads wrong in a proposal: `conflict` here means "already applied". */
const PROPOSAL_REASON_KEYS: Partial<Record<Reason, ParseKeys>> = { conflict: "PROPOSAL_MODAL.ALREADY_APPLIED" };

const LINE_FIELDS: Record<string, keyof LineErrors> = {
  networkId: "network",
  price: "price",
  creationDays: "creationDays",
  usageRights: "usageRights",
};

/**
 * The modal's messages for a refused send or update. `invalid` issues go to their fields: `prices.<i>.<field>`
 * names the i-th line sent (`sentNetworkIds[i]`), a line issue without a field goes to its network; the listed
 * reasons show their message; anything else is "Error! Please try again." (spec section 8). `expired` is about the
 * proposal, never the deal (whose deadline is `closed`): a new one's expiration day has passed since the form
 * checked it (the field says so), or the proposal being updated has expired (the deal page then shows it expired).
 */
export function proposalServerErrors(
  reason: Reason,
  issues: readonly Issue[],
  sentNetworkIds: readonly number[],
  mode: "create" | "update",
): ProposalErrors {
  const generic: ProposalErrors = {
    form: { key: mode === "create" ? "PROPOSAL_MODAL.SEND_ERROR" : "PROPOSAL_MODAL.UPDATE_ERROR" },
    lines: {},
  };
  if (reason === "expired") {
    return mode === "create"
      ? { form: FIX_FIELDS, expiration: { key: "PROPOSAL_MODAL.EXPIRATION_PAST" }, lines: {} }
      : { form: { key: "DEAL_PAGE.PROPOSAL_EXPIRED" }, lines: {} };
  }
  // An update meets `closed` from the lifecycle table: the application has left WAITING (declined in the meantime).
  if (reason === "closed" && mode === "update") return { form: { key: "APPLICATION.ERROR_CLOSED" }, lines: {} };
  if (REASONS_SHOWN.has(reason)) {
    return { form: { key: PROPOSAL_REASON_KEYS[reason] ?? REASON_MESSAGE_KEYS[reason] }, lines: {} };
  }
  if (reason !== "invalid") return generic;

  const errors: ProposalErrors = { lines: {} };
  let placed = false;
  for (const issue of issues) {
    const [head, index, field] = issue.path;
    const message = { text: issue.message ?? "" };
    if (head === "prices" && typeof index === "number") {
      const networkId = sentNetworkIds[index];
      if (networkId === undefined) continue;
      const lineErrors = lineErrorsOf(errors, networkId);
      lineErrors[LINE_FIELDS[String(field)] ?? "network"] ??= message;
      placed = true;
    } else if (head === "text" || head === "expiration") {
      errors[head] ??= message;
      placed = true;
    } else if (head === "prices") {
      // The table as a whole ("Please fill at least one line of the table.").
      errors.form ??= message;
      placed = true;
    }
  }
  if (!placed) return generic;
  errors.form ??= FIX_FIELDS;
  return errors;
}
