import {
  CREATION_DAYS,
  createProposalInput,
  MIN_PROPOSAL_PRICE_DOLLARS,
  type OwnApplicationSummary,
  PROPOSAL_TEXT_MAX,
  type ProposalPriceLine,
  USAGE_RIGHTS_MONTHS,
  updateProposalInput,
  usageRightsKey,
} from "@market/contracts";
import { deadlineFromInput, toDateInputValue } from "../../lib/deadline";
import type { FieldMessage } from "../../lib/field-errors";
import { BLANK_LINE, type ProposalFormValues, type ProposalLine, priceableLines, rightsOf } from "./proposal-lines";
import { rightsInputOf } from "./usage-rights-values";

/**
 * The proposal's checks on submit (spec section 5). The prices and the text go through the contracts' own
 * schemas, so the web refuses exactly what the server would; the messages are the web's (en.json).
 */

/** A message of the web (an en.json key), or a server issue's own words. */
export type ProposalMessage = FieldMessage | { text: string };

export interface LineErrors {
  network?: ProposalMessage;
  price?: ProposalMessage;
  creationDays?: ProposalMessage;
  usageRights?: ProposalMessage;
}

export interface ProposalErrors {
  /** The message of the whole form (the summary's headline), if any. */
  form?: ProposalMessage;
  text?: ProposalMessage;
  expiration?: ProposalMessage;
  /** By network id. */
  lines: Record<number, LineErrors>;
}

export type ProposalRequest =
  | { kind: "create"; input: { dealId: number; text: string; expiration: Date; prices: ProposalPriceLine[] } }
  | { kind: "update"; input: { id: number; expiration: Date; prices: ProposalPriceLine[] } };

export type ProposalCheck = { ok: true; request: ProposalRequest } | { ok: false; errors: ProposalErrors };

export interface ProposalContext {
  dealId: number;
  /** null in new mode. */
  application: Pick<OwnApplicationSummary, "id" | "expiration" | "prices"> | null;
  lines: readonly ProposalLine[];
}

const isBlank = (value: string) => value.trim() === "";

export const FIX_FIELDS: FieldMessage = { key: "PROPOSAL_MODAL.FIX_FIELDS" };

/** The messages of one line, created on first use. */
export function lineErrorsOf(errors: ProposalErrors, networkId: number): LineErrors {
  const existing = errors.lines[networkId];
  if (existing) return existing;
  const created: LineErrors = {};
  errors.lines[networkId] = created;
  return created;
}

export const hasErrors = (errors: ProposalErrors): boolean =>
  errors.form !== undefined ||
  errors.text !== undefined ||
  errors.expiration !== undefined ||
  Object.values(errors.lines).some((line) => Object.keys(line).length > 0);

/**
 * The priced lines, or each line's message. Lines left blank are not priced; a price needs its days and days
 * need their price; a network type is priced once (the server's rule too).
 */
function checkLines(context: ProposalContext, values: ProposalFormValues, errors: ProposalErrors) {
  const typed = priceableLines(context.lines)
    .map((line) => ({ line, value: values.lines[line.network.id] ?? BLANK_LINE }))
    .filter(({ value }) => !isBlank(value.price) || !isBlank(value.creationDays));
  // The contracts' table drops a line with days but no price without a word: the influencer would send less than
  // the table shows. Such a line is marked instead, as a price without days is.
  for (const { line, value } of typed) {
    if (isBlank(value.price)) lineErrorsOf(errors, line.network.id).price = { key: "PROPOSAL_MODAL.PRICE_REQUIRED" };
  }
  const raw = typed.map(({ line, value }) => ({
    networkId: line.network.id,
    price: value.price,
    creationDays: value.creationDays,
    usageRights: rightsInputOf(rightsOf(value)),
  }));
  const parsed = updateProposalInput.shape.prices.safeParse(raw);
  if (parsed.success) {
    const seenTypes = new Set<string>();
    for (const price of parsed.data) {
      const line = context.lines.find((candidate) => candidate.network.id === price.networkId);
      if (!line) continue;
      if (seenTypes.has(line.network.type))
        errors.lines[price.networkId] = { network: { key: "PROPOSAL_MODAL.ONE_PER_TYPE" } };
      seenTypes.add(line.network.type);
    }
    return parsed.data;
  }
  for (const issue of parsed.error.issues) {
    const [index, field] = issue.path;
    const entry = typeof index === "number" ? typed[index] : undefined;
    if (!entry) {
      // The table's own issue (no priced line): the form's headline.
      errors.form ??= { key: "PROPOSAL.FILL_ONE_LINE" };
      continue;
    }
    const lineErrors = lineErrorsOf(errors, entry.line.network.id);
    if (field === "price") {
      lineErrors.price ??= { key: "PROPOSAL_MODAL.PRICE_INVALID", values: { min: MIN_PROPOSAL_PRICE_DOLLARS } };
    } else if (field === "usageRights") {
      lineErrors.usageRights ??=
        issue.path[2] === "months"
          ? { key: "PROPOSAL_MODAL.RIGHTS_MONTHS_INVALID", values: USAGE_RIGHTS_MONTHS }
          : { text: issue.message };
    } else if (field === "creationDays") {
      lineErrors.creationDays ??= isBlank(entry.value.creationDays)
        ? { key: "PROPOSAL_MODAL.DAYS_REQUIRED" }
        : { key: "PROPOSAL_MODAL.DAYS_INVALID", values: { min: CREATION_DAYS.min, max: CREATION_DAYS.max } };
    } else {
      lineErrors.network ??= { text: issue.message };
    }
  }
  return null;
}

/**
 * The instant sent as the expiration: the chosen day at 23:59 local time; in update mode, the application's own
 * instant while its day is kept, so that an unchanged day is no change for the server either.
 */
function expirationOf(context: ProposalContext, value: string, now: Date, errors: ProposalErrors): Date | null {
  const { application } = context;
  if (application && value === toDateInputValue(application.expiration)) {
    if (application.expiration.getTime() > now.getTime()) return application.expiration;
  }
  const day = deadlineFromInput(value);
  if (!day) {
    errors.expiration = isBlank(value)
      ? { key: "PROPOSAL_MODAL.EXPIRATION_REQUIRED" }
      : { key: "VALIDATION.INVALID_DATE" };
    return null;
  }
  if (day.getTime() <= now.getTime()) {
    errors.expiration = { key: "PROPOSAL_MODAL.EXPIRATION_PAST" };
    return null;
  }
  return day;
}

function checkText(text: string, errors: ProposalErrors): string | null {
  const parsed = createProposalInput.shape.text.safeParse(text);
  if (parsed.success) return parsed.data;
  errors.text = isBlank(text)
    ? { key: "PROPOSAL_MODAL.TEXT_REQUIRED" }
    : { key: "PROPOSAL_MODAL.TEXT_TOO_LONG", values: { max: PROPOSAL_TEXT_MAX } };
  return null;
}

const priceKey = (
  line: Pick<ProposalPriceLine, "price" | "creationDays" | "usageRights"> & { networkId: number | null },
) => `${line.networkId}:${line.price}:${line.creationDays}:${usageRightsKey(line.usageRights)}`;

/** Update mode: whether the prices, the days, the usage rights or the expiration day differ from the application's. */
export function proposalChanged(
  application: Pick<OwnApplicationSummary, "expiration" | "prices">,
  prices: readonly ProposalPriceLine[],
  expiration: Date,
): boolean {
  if (toDateInputValue(application.expiration) !== toDateInputValue(expiration)) return true;
  const before = application.prices.map(priceKey).sort();
  const after = prices.map(priceKey).sort();
  return before.length !== after.length || before.some((key, index) => key !== after[index]);
}

/**
 * Checks the form and builds the request. New mode needs a text, an expiration and a priced line; update mode an
 * expiration, a priced line and a change ("Please change something.", without asking the server).
 */
export function checkProposal(context: ProposalContext, values: ProposalFormValues, now: Date): ProposalCheck {
  const errors: ProposalErrors = { lines: {} };
  const text = context.application ? "" : checkText(values.text, errors);
  const expiration = expirationOf(context, values.expiration, now, errors);
  const prices = checkLines(context, values, errors);
  if (hasErrors(errors) || prices === null || expiration === null || text === null) {
    errors.form ??= FIX_FIELDS;
    return { ok: false, errors };
  }
  if (!context.application) {
    return { ok: true, request: { kind: "create", input: { dealId: context.dealId, text, expiration, prices } } };
  }
  if (!proposalChanged(context.application, prices, expiration)) {
    return { ok: false, errors: { form: { key: "PROPOSAL.CHANGE_SOMETHING" }, lines: {} } };
  }
  return { ok: true, request: { kind: "update", input: { id: context.application.id, expiration, prices } } };
}
