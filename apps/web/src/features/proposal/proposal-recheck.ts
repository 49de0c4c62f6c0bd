import {
  checkProposal,
  FIX_FIELDS,
  type LineErrors,
  type ProposalContext,
  type ProposalErrors,
  type ProposalMessage,
} from "./proposal-check";
import { BLANK_LINE, type LineValues, type ProposalFormValues, rightsOf } from "./proposal-lines";
import { sameRightsValues } from "./usage-rights-values";

const LINE_FIELDS = ["network", "price", "creationDays", "usageRights"] as const;

/** The headlines the checks give about the values; any other is the answer of the last send. */
const VALUE_HEADLINE_KEYS: readonly string[] = [FIX_FIELDS.key, "PROPOSAL.FILL_ONE_LINE", "PROPOSAL.CHANGE_SOMETHING"];

const isValueHeadline = (message: ProposalMessage) => "key" in message && VALUE_HEADLINE_KEYS.includes(message.key);

const sameKey = (a: ProposalMessage, b: ProposalMessage | undefined) =>
  b !== undefined && "key" in a && "key" in b && a.key === b.key;

const lineOf = (values: ProposalFormValues, networkId: number): LineValues => values.lines[networkId] ?? BLANK_LINE;

const lineEdited = (before: LineValues, after: LineValues) =>
  before.price !== after.price ||
  before.creationDays !== after.creationDays ||
  !sameRightsValues(rightsOf(before), rightsOf(after));

/**
 * A field's message after an edit: the check's message for the new value when the field was edited, or when it
 * was marked and the edit bears on it (so that a mark can go or change, but never appear unasked); otherwise the
 * message it had.
 */
function fieldMessage(
  edited: boolean,
  related: boolean,
  shown: ProposalMessage | undefined,
  checked: ProposalMessage | undefined,
): ProposalMessage | undefined {
  if (edited || (shown !== undefined && related)) return checked;
  return shown;
}

/**
 * The form's messages after an edit that follows a refused submit (before the first submit nothing is checked).
 * An edited field is checked again at once: fixed, it loses its message; typed wrong in another way, it gets the
 * new one. A marked line is checked again when a line of its network type is edited (its own fields depend on each
 * other, and a network type is priced once). A field nobody touched keeps what the submit said, server messages
 * included. The headline follows: "Please correct the fields marked below." while a field is marked; the table's
 * own headline or "Please change something." while it still holds; the answer of the last send (paused, closed, a
 * failure) until the next send.
 */
export function recheckProposal(
  context: ProposalContext,
  before: ProposalFormValues,
  after: ProposalFormValues,
  shown: ProposalErrors,
  now: Date,
): ProposalErrors {
  const checked = checkProposal(context, after, now);
  const fresh: ProposalErrors = checked.ok ? { lines: {} } : checked.errors;
  const next: ProposalErrors = { lines: {} };

  // The text and the expiration depend on nothing else.
  const text = fieldMessage(before.text !== after.text, false, shown.text, fresh.text);
  if (text) next.text = text;
  const expiration = fieldMessage(before.expiration !== after.expiration, false, shown.expiration, fresh.expiration);
  if (expiration) next.expiration = expiration;

  const editedTypes = new Set(
    context.lines
      .filter((line) => lineEdited(lineOf(before, line.network.id), lineOf(after, line.network.id)))
      .map((line) => line.network.type),
  );
  for (const line of context.lines) {
    const id = line.network.id;
    const [was, is] = [lineOf(before, id), lineOf(after, id)];
    const edited = {
      network: lineEdited(was, is),
      price: was.price !== is.price,
      creationDays: was.creationDays !== is.creationDays,
      usageRights: !sameRightsValues(rightsOf(was), rightsOf(is)),
    };
    const related = editedTypes.has(line.network.type);
    const messages: LineErrors = {};
    for (const field of LINE_FIELDS) {
      const message = fieldMessage(edited[field], related, shown.lines[id]?.[field], fresh.lines[id]?.[field]);
      if (message) messages[field] = message;
    }
    if (Object.keys(messages).length > 0) next.lines[id] = messages;
  }

  const marked = next.text !== undefined || next.expiration !== undefined || Object.keys(next.lines).length > 0;
  const headline = headlineOf(shown.form, fresh.form, marked);
  if (headline) next.form = headline;
  return next;
}

function headlineOf(
  shown: ProposalMessage | undefined,
  checked: ProposalMessage | undefined,
  marked: boolean,
): ProposalMessage | undefined {
  if (shown && !isValueHeadline(shown)) return shown;
  if (shown && !sameKey(shown, FIX_FIELDS) && sameKey(shown, checked)) return shown;
  return marked ? FIX_FIELDS : undefined;
}
