import { isSingleLineIssue } from "@market/contracts";
import type { ParseKeys } from "i18next";

/** What a zod issue carries that the messages need (the same shape from the client's parse and the server's). */
export interface Issue {
  code?: string;
  path: readonly PropertyKey[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  message?: string;
}

export interface FieldMessage {
  key: ParseKeys;
  /** Counts as numbers, amounts of money already formatted (contracts' formatUsd). */
  values?: Record<string, number | string>;
}

const numberOf = (value: number | bigint | undefined) => Number(value ?? 0);

/** The message of one issue of the contracts' schemas, in the user's words rather than zod's. */
export function messageOf(issue: Issue): FieldMessage {
  if (isSingleLineIssue(issue)) return { key: "VALIDATION.SINGLE_LINE" };
  const last = issue.path[issue.path.length - 1];
  switch (issue.code) {
    case "too_small":
      if (issue.origin === "string") {
        return numberOf(issue.minimum) <= 1
          ? { key: "VALIDATION.REQUIRED" }
          : { key: "VALIDATION.TOO_SHORT", values: { min: numberOf(issue.minimum) } };
      }
      return { key: "VALIDATION.TOO_SMALL", values: { min: numberOf(issue.minimum) } };
    case "too_big":
      if (issue.origin === "string") return { key: "VALIDATION.TOO_LONG", values: { max: numberOf(issue.maximum) } };
      if (issue.origin === "array") return { key: "VALIDATION.TOO_MANY", values: { max: numberOf(issue.maximum) } };
      return { key: "VALIDATION.TOO_BIG", values: { max: numberOf(issue.maximum) } };
    case "invalid_value":
      return { key: "VALIDATION.INVALID_CHOICE" };
    case "invalid_format":
    case "invalid_union":
      return last === "website" ? { key: "VALIDATION.INVALID_URL" } : { key: "VALIDATION.INVALID_FORMAT" };
    case "custom":
      if (last === "birthDay") return { key: "VALIDATION.INVALID_DATE" };
      if (last === "ages") return { key: "VALIDATION.RANGE_ORDER" };
      return { key: "VALIDATION.INVALID" };
    default:
      return { key: "VALIDATION.INVALID" };
  }
}

/**
 * The first message per form field. Each issue goes to the longest field its path starts with ("audience.ages.1"
 * to "audience.ages"); a leading "data" (the server's body) is dropped; an issue of no field goes to "".
 */
export function fieldErrorsOf<F extends string>(
  issues: readonly Issue[],
  fields: readonly F[],
): Partial<Record<F | "", FieldMessage>> {
  const byLength = [...fields].sort((a, b) => b.split(".").length - a.split(".").length);
  const errors: Partial<Record<F | "", FieldMessage>> = {};
  for (const issue of issues) {
    const path = (issue.path[0] === "data" ? issue.path.slice(1) : issue.path).map(String);
    const field =
      byLength.find((candidate) => {
        const parts = candidate.split(".");
        return parts.every((part, index) => path[index] === part);
      }) ?? "";
    errors[field] ??= messageOf(issue);
  }
  return errors;
}
