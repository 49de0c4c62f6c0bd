import { field, type JsonAnswer } from "../http-json";
import type { Failure } from "../provider";

/**
 * How the PayPal adapter reads PayPal's error answers (payments_payouts_batch_v1 1.9, schema `error`: name,
 * message, debug_id, details[] of {field, value, location, issue, description}, links[] of {href, rel, method}).
 */

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

export function errorName(answer: JsonAnswer): string | null {
  return text(field(answer.body, "name"));
}

const detailsOf = (answer: JsonAnswer): unknown[] => {
  const details = field(answer.body, "details");
  return Array.isArray(details) ? details : [];
};

/** The links of an error answer: the spec's `links`, and the `link`/`links` PayPal puts on a detail. */
function linksOf(answer: JsonAnswer): unknown[] {
  const top = field(answer.body, "links");
  const links = Array.isArray(top) ? [...top] : [];
  for (const detail of detailsOf(answer)) {
    for (const key of ["link", "links"]) {
      const value = field(detail, key);
      if (Array.isArray(value)) links.push(...value);
    }
  }
  return links;
}

/**
 * The payout_batch_id of the batch PayPal already made under this sender_batch_id, when the answer is PayPal's
 * refusal of a duplicate: the spec (POST /v1/payments/payouts, and sender_batch_header.sender_batch_id) says a
 * sender_batch_id used in the last 30 days is rejected "with an error message that shows the duplicate
 * sender_batch_id and includes a HATEOAS link to the original payout". The link is read whatever its rel: the
 * one whose href is a payout batch, GET /v1/payments/payouts/{payout_batch_id}. Null for any other answer.
 */
export function duplicateBatchId(answer: JsonAnswer): string | null {
  if (answer.status !== 400 || errorName(answer) !== "USER_BUSINESS_ERROR") return null;
  const aboutBatchId = detailsOf(answer).some((detail) => /sender_batch_id/i.test(text(field(detail, "field")) ?? ""));
  if (!aboutBatchId) return null;
  for (const link of linksOf(answer)) {
    const href = text(field(link, "href"));
    const match = href ? /\/v1\/payments\/payouts\/([^/?#]+)\/?(?:[?#].*)?$/.exec(href) : null;
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return null;
}

/** The JSON path PayPal names, as segments: "items[0].receiver" (its answers) and "/items/0/receiver" (the spec's JSON pointer) alike. */
const segmentsOf = (path: string): string[] => path.split(/[/[\].]+/).filter(Boolean);

/** A field of the recipient's account: the receiver (the PayPal account's email) and its type. */
const ACCOUNT_FIELDS = new Set(["receiver", "recipient_type", "recipient_wallet"]);
/** A field of the amount, which PayPal may refuse for the payout (a limit), not for the account. */
const AMOUNT_FIELDS = new Set(["amount", "currency"]);

/**
 * A validation refusal of the batch (400 INVALID_REQUEST, the spec's error_400, or VALIDATION_ERROR, which PayPal
 * answers for a bad item) as the payout's failure, blamed by the field each detail names: the receiver is the
 * influencer's account (invalid_account); the amount or currency is PayPal refusing this payout (rejected); any
 * other field is a request of ours PayPal will refuse again (provider_error: the payout ends, the money goes back to
 * the balance, rather than being retried forever). Null when the answer is not such a refusal.
 */
export function validationFailure(answer: JsonAnswer): Failure | null {
  const name = errorName(answer);
  if (answer.status !== 400 || (name !== "VALIDATION_ERROR" && name !== "INVALID_REQUEST")) return null;
  const details = detailsOf(answer).map((detail) => ({
    segments: segmentsOf(text(field(detail, "field")) ?? ""),
    words: text(field(detail, "description")) ?? text(field(detail, "issue")),
  }));
  const blamed = (fields: Set<string>) => details.find((detail) => detail.segments.some((s) => fields.has(s)));
  const account = blamed(ACCOUNT_FIELDS);
  const amount = blamed(AMOUNT_FIELDS);
  const first = account ?? amount ?? details[0];
  const message = first?.words ?? text(field(answer.body, "message")) ?? name;
  const reason: Failure["reason"] = account ? "invalid_account" : amount ? "rejected" : "provider_error";
  return { status: "failed", reason, message };
}
