import { NETWORK_TYPES, type NetworkLinkError, type NetworkType, safeNextPath } from "@market/contracts";
import type { SettingsSearch } from "../tabs";
import { networkLinkErrorOf } from "./network-link-error";

/**
 * What a linking flow came back to the networks tab with (networkTabPath, packages/contracts/src/networks.ts):
 * `error` with one of spec section 8's values, or `linked` / `refreshed` with the network. The tab shows it once
 * and then drops it from the address (spec section 2: the error is cleared after its message is shown).
 */
export type LinkOutcome =
  | { kind: "error"; error: NetworkLinkError }
  | { kind: "linked"; type: NetworkType }
  | { kind: "refreshed"; type: NetworkType };

const networkTypeOf = (value: string | undefined): NetworkType | null =>
  (NETWORK_TYPES as readonly (string | undefined)[]).includes(value) ? (value as NetworkType) : null;

/** The outcome the search names; an error wins over a success (a flow sends one of them only). */
export function linkOutcomeOf(search: SettingsSearch): LinkOutcome | null {
  const error = networkLinkErrorOf(search.error);
  if (error) return { kind: "error", error };
  const linked = networkTypeOf(search.linked);
  if (linked) return { kind: "linked", type: linked };
  const refreshed = networkTypeOf(search.refreshed);
  if (refreshed) return { kind: "refreshed", type: refreshed };
  return null;
}

/** Whether the address still carries an outcome to clear (an unknown `linked` value too: it means nothing). */
export const hasOutcomeParameters = (search: SettingsSearch): boolean =>
  search.error !== undefined || search.linked !== undefined || search.refreshed !== undefined;

/**
 * The search once the outcome is shown: the tab stays, and so does `next` (the page to go back to) when it is a
 * path of the site; the rest goes.
 */
export function searchWithoutOutcome(search: SettingsSearch): SettingsSearch {
  const next = safeNextPath(search.next);
  return { p: search.p ?? "networks", ...(next ? { next } : {}) };
}
