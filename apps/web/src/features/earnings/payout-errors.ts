import {
  BANK_ACCOUNT_MESSAGES,
  type BankFormField,
  formatUsd,
  MIN_PAYOUT_CENTS,
  PAYOUT_MESSAGES,
  type PayoutForm,
  payoutFormSchema,
  type RequestPayoutInput,
  SINGLE_LINE_MESSAGE,
} from "@market/contracts";
import type { FieldMessage } from "../../lib/field-errors";

export type PayoutField =
  | "payoutAmount"
  | "payoutPassword"
  | "method"
  | "email"
  | "confirmEmail"
  | "accountOwnerName"
  | "receiveBy"
  | BankFormField;

/** The contracts' messages of spec section 5, as the page's i18n keys. */
const KEYS: Record<string, FieldMessage["key"]> = {
  [PAYOUT_MESSAGES.min]: "EARNINGS.PAYOUT.ERROR_MIN",
  [PAYOUT_MESSAGES.max]: "EARNINGS.PAYOUT.ERROR_MAX",
  [PAYOUT_MESSAGES.amount]: "EARNINGS.PAYOUT.ERROR_AMOUNT",
  [PAYOUT_MESSAGES.password]: "EARNINGS.PAYOUT.ERROR_PASSWORD",
  [PAYOUT_MESSAGES.email]: "EARNINGS.PAYOUT.ERROR_EMAIL",
  [PAYOUT_MESSAGES.emailsDiffer]: "EARNINGS.PAYOUT.ERROR_EMAILS_DIFFER",
  [PAYOUT_MESSAGES.fullName]: "EARNINGS.PAYOUT.ERROR_FULL_NAME",
  [BANK_ACCOUNT_MESSAGES.routingNumber]: "EARNINGS.PAYOUT.BANK.ERROR_ROUTING",
  [BANK_ACCOUNT_MESSAGES.routingChecksum]: "EARNINGS.PAYOUT.BANK.ERROR_ROUTING_CHECK",
  [BANK_ACCOUNT_MESSAGES.accountNumber]: "EARNINGS.PAYOUT.BANK.ERROR_ACCOUNT_NUMBER",
  [BANK_ACCOUNT_MESSAGES.accountType]: "EARNINGS.PAYOUT.BANK.ERROR_ACCOUNT_TYPE",
  [BANK_ACCOUNT_MESSAGES.country]: "EARNINGS.PAYOUT.BANK.ERROR_COUNTRY",
  [BANK_ACCOUNT_MESSAGES.state]: "EARNINGS.PAYOUT.BANK.ERROR_STATE",
  [BANK_ACCOUNT_MESSAGES.city]: "EARNINGS.PAYOUT.BANK.ERROR_CITY",
  [BANK_ACCOUNT_MESSAGES.firstLine]: "EARNINGS.PAYOUT.BANK.ERROR_FIRST_LINE",
  [BANK_ACCOUNT_MESSAGES.zip]: "EARNINGS.PAYOUT.BANK.ERROR_ZIP",
  [BANK_ACCOUNT_MESSAGES.postCode]: "EARNINGS.PAYOUT.BANK.ERROR_POST_CODE",
  [SINGLE_LINE_MESSAGE]: "VALIDATION.SINGLE_LINE",
};

/**
 * The form checked by the contracts' payout form schema (the server's rules plus the typed amount, the
 * confirmation and the balance): the first message per field (the amount's limits named as every amount of money
 * reads, "$20.00"), or the request's body when all is well.
 */
export function checkPayoutForm(
  form: PayoutForm,
  balanceCents: number,
): { ok: true; body: RequestPayoutInput } | { ok: false; errors: Partial<Record<PayoutField, FieldMessage>> } {
  const parsed = payoutFormSchema(balanceCents).safeParse(form);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<PayoutField, FieldMessage>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as PayoutField;
    if (errors[field]) continue;
    const key = KEYS[issue.message] ?? (field === "method" ? "EARNINGS.PAYOUT.ERROR_METHOD" : "VALIDATION.INVALID");
    errors[field] =
      key === "EARNINGS.PAYOUT.ERROR_MAX"
        ? { key, values: { balance: formatUsd(balanceCents) } }
        : key === "EARNINGS.PAYOUT.ERROR_MIN"
          ? { key, values: { minimum: formatUsd(MIN_PAYOUT_CENTS) } }
          : { key };
  }
  return { ok: false, errors };
}
