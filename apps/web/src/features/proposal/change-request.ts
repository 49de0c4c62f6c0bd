import {
  type ApplicationPriceView,
  type ChangeRequestLine,
  CREATION_DAYS,
  MIN_PROPOSAL_PRICE_DOLLARS,
  proposalPrice,
  sameUsageRights,
  USAGE_RIGHTS_MONTHS,
  usageRights,
} from "@market/contracts";
import { FIX_FIELDS, lineErrorsOf, type ProposalErrors } from "./proposal-check";
import { type LineValues, rightsOf } from "./proposal-lines";
import { rightsInputOf, withRights } from "./usage-rights-values";

/**
 * The proposal modal's change mode (spec section 2): the brand asks, per network of the proposal, for the price
 * (and, if it wishes, the days to create) it would accept. A line whose price is cleared asks nothing for that
 * network; blank days keep the proposal's. Lines are keyed by their index in the proposal.
 */

export type ChangeRequestCheck = { ok: true; prices: ChangeRequestLine[] } | { ok: false; errors: ProposalErrors };

/** The form as it opens: each line filled with the proposal's price, days and usage rights. */
export function initialChangeValues(prices: readonly ApplicationPriceView[]): Record<number, LineValues> {
  return Object.fromEntries(
    prices.map((line, index) => [
      index,
      withRights({ price: String(line.price), creationDays: String(line.creationDays) }, line.usageRights),
    ]),
  );
}

const isBlank = (value: string) => value.trim() === "";

function daysOf(value: string): number | null | undefined {
  if (isBlank(value)) return null;
  const text = value.trim();
  const days = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return Number.isInteger(days) && days >= CREATION_DAYS.min && days <= CREATION_DAYS.max ? days : undefined;
}

/** Checks the lines and builds the request's prices; "Please change something." when they ask for the proposal as it is. */
export function checkChangeRequest(
  prices: readonly ApplicationPriceView[],
  values: Record<number, LineValues>,
): ChangeRequestCheck {
  const errors: ProposalErrors = { lines: {} };
  const asked: ChangeRequestLine[] = [];
  let changed = false;
  prices.forEach((line, index) => {
    const value = values[index];
    if (!value) return;
    if (isBlank(value.price)) {
      if (!isBlank(value.creationDays)) lineErrorsOf(errors, index).price = { key: "PROPOSAL_MODAL.PRICE_REQUIRED" };
      return;
    }
    const price = proposalPrice.safeParse(value.price);
    const creationDays = daysOf(value.creationDays);
    if (!price.success || price.data === undefined) {
      lineErrorsOf(errors, index).price = {
        key: "PROPOSAL_MODAL.PRICE_INVALID",
        values: { min: MIN_PROPOSAL_PRICE_DOLLARS },
      };
    }
    if (creationDays === undefined) {
      lineErrorsOf(errors, index).creationDays = {
        key: "PROPOSAL_MODAL.DAYS_INVALID",
        values: { min: CREATION_DAYS.min, max: CREATION_DAYS.max },
      };
    }
    const rights = usageRights.safeParse(rightsInputOf(rightsOf(value)));
    if (!rights.success) {
      lineErrorsOf(errors, index).usageRights = {
        key: "PROPOSAL_MODAL.RIGHTS_MONTHS_INVALID",
        values: USAGE_RIGHTS_MONTHS,
      };
    }
    if (!price.success || price.data === undefined || creationDays === undefined || !rights.success) return;
    const sameRights = sameUsageRights(rights.data, line.usageRights);
    if (price.data !== line.price || (creationDays !== null && creationDays !== line.creationDays) || !sameRights)
      changed = true;
    // The rights are asked only when they differ: otherwise the proposal's stand.
    asked.push({
      network: line.network,
      price: price.data,
      creationDays,
      usageRights: sameRights ? null : rights.data,
    });
  });
  if (Object.keys(errors.lines).length > 0) return { ok: false, errors: { ...errors, form: FIX_FIELDS } };
  if (asked.length === 0) return { ok: false, errors: { form: { key: "PROPOSAL.FILL_ONE_LINE" }, lines: {} } };
  if (!changed) return { ok: false, errors: { form: { key: "PROPOSAL.CHANGE_SOMETHING" }, lines: {} } };
  return { ok: true, prices: asked };
}
