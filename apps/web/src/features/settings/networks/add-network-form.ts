import {
  type AddNetworkInput,
  isSingleLineIssue,
  type NetworkType,
  UNLINKABLE_NETWORKS,
  unlinkableNetworkTitle,
} from "@market/contracts";

/**
 * The add unlinkable network modal (spec sections 2 and 5): a network added by name (snapchat, pinterest, tumblr,
 * blog). The name is trimmed, its spaces are removed, and it is required; the form shows the name as it will be
 * saved before it is sent. A second network of a type the influencer already has is refused (remove it first).
 */
export type UnlinkableType = (typeof UNLINKABLE_NETWORKS)[number];

export interface AddNetworkDraft {
  type: UnlinkableType | "";
  title: string;
}

export interface AddNetworkErrors {
  type?: "required" | "duplicate";
  title?: "required" | "too_long" | "single_line";
}

export type AddNetworkCheck = { ok: true; input: AddNetworkInput } | { ok: false; errors: AddNetworkErrors };

export const isUnlinkableType = (value: string): value is UnlinkableType =>
  (UNLINKABLE_NETWORKS as readonly string[]).includes(value);

/** The name as it will be saved ("My Blog " -> "MyBlog"), or null when nothing would be left. */
export function savedTitleOf(raw: string): string | null {
  const saved = raw.replace(/\s+/g, "");
  return saved === "" ? null : saved;
}

/** Whether to show the saved name under the field: only when it differs from what was typed. */
export const showsSavedTitle = (raw: string): boolean => {
  const saved = savedTitleOf(raw);
  return saved !== null && saved !== raw;
};

/** Why the schema refused the name: nothing left once the spaces are gone, a control character, or its length. */
function titleProblemOf(raw: string, issues: readonly { message?: string }[]): AddNetworkErrors["title"] {
  if (savedTitleOf(raw) === null) return "required";
  return issues.some(isSingleLineIssue) ? "single_line" : "too_long";
}

/** The checks of the contracts' schema, with the duplicate rule the server applies, before anything is sent. */
export function checkAddNetwork(draft: AddNetworkDraft, existing: readonly { type: NetworkType }[]): AddNetworkCheck {
  const errors: AddNetworkErrors = {};
  if (draft.type === "") errors.type = "required";
  else if (existing.some((network) => network.type === draft.type)) errors.type = "duplicate";
  const title = unlinkableNetworkTitle.safeParse(draft.title);
  if (!title.success) errors.title = titleProblemOf(draft.title, title.error.issues);
  if (errors.type || errors.title || !title.success || draft.type === "") return { ok: false, errors };
  return { ok: true, input: { type: draft.type, title: title.data } };
}
