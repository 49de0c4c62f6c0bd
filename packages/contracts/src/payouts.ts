import { z } from "zod";
import { email } from "./account";
import { MIN_PAYOUT_CENTS } from "./constants";
import { payoutMethod } from "./enum-schemas";
import type { PayoutMethod } from "./enums";
import { rowId } from "./ids";
import { singleLine } from "./text";
import { type UsBankAccount, usBankAccount } from "./us-bank-account";

/**
 * Payouts (spec sections 3 Payout form, 4 Payout, 5 Payout, 7 POST /api/earnings/payout; money.md), shared by the
 * server and the payout page: the request's rules, the form's rules (the same plus what only the browser knows: the
 * typed amount, the email confirmation, the balance), and the tracker's view.
 */

/** The largest payout a request may name, far above any balance; keeps the amount a safe integer. */
export const MAX_PAYOUT_CENTS = 100_000_000_00;
export const PAYOUT_PASSWORD_MAX_LENGTH = 256;
export const ACCOUNT_OWNER_NAME_MAX_LENGTH = 200;

/** The messages of spec section 5 (the web shows its i18n keys for the same issues). */
export const PAYOUT_MESSAGES = {
  min: "The minimum payout is $20.",
  max: "The amount is more than your balance.",
  amount: "Enter an amount in dollars, e.g. 20 or 20,50.",
  password: "Password is required.",
  email: "Enter a valid email.",
  emailsDiffer: "Emails do not match.",
  fullName: "Full name required.",
  bankAccount: "Enter your bank account's details.",
} as const;

/**
 * The typed amount in cents: digits with at most two decimals, a comma accepted as the decimal separator (spec
 * section 5). Null for anything else (letters, two separators, thousands separators, three decimals).
 */
export function parsePayoutAmount(text: string): number | null {
  const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, dollars = "0", decimals = ""] = match;
  return Number(dollars) * 100 + Number(decimals.padEnd(2, "0"));
}

/** The account owner's name: trimmed; transferwise requires it, paypal ignores it. */
const accountOwnerName = singleLine(z.string().trim().max(ACCOUNT_OWNER_NAME_MAX_LENGTH)).optional();

/**
 * How a transferwise payout reaches the influencer (issue 35): their US bank account (Wise's `aba` recipient), or
 * only their email, where Wise lets the platform use email recipients (Wise then asks the influencer for their bank
 * details; Wise gates the feature: "Please contact us before attempting to use email recipients"). Without it a
 * request means email, as before bank details were asked for.
 */
export const WISE_RECEIVE_BY = ["bank", "email"] as const;
export type WiseReceiveBy = (typeof WISE_RECEIVE_BY)[number];

/**
 * Where a payout goes: the method, the email of the receiving account, and for transferwise the owner's name and,
 * paid to a bank account, its details.
 */
const destinationShape = {
  method: payoutMethod,
  email,
  accountOwnerName,
  receiveBy: z.enum(WISE_RECEIVE_BY).optional(),
  bankAccount: usBankAccount.optional(),
};

interface DestinationInput {
  method: PayoutMethod;
  accountOwnerName?: string | undefined;
  receiveBy?: WiseReceiveBy | undefined;
  bankAccount?: UsBankAccount | undefined;
}

function requireOwnerName(input: DestinationInput, ctx: z.RefinementCtx): void {
  if (input.method !== "transferwise") return;
  if (!input.accountOwnerName) {
    ctx.addIssue({ code: "custom", path: ["accountOwnerName"], message: PAYOUT_MESSAGES.fullName });
  }
  if (input.receiveBy === "bank" && !input.bankAccount) {
    ctx.addIssue({ code: "custom", path: ["bankAccount"], message: PAYOUT_MESSAGES.bankAccount });
  }
}

/**
 * paypal keeps no owner's name nor bank account, an email recipient no bank account: the stored destination has
 * exactly what the method needs.
 */
function normalizeDestination<T extends DestinationInput>(
  input: T,
): Omit<T, "receiveBy" | "bankAccount"> & { accountOwnerName: string | null; bankAccount: UsBankAccount | null } {
  const { receiveBy, bankAccount, ...rest } = input;
  const wise = input.method === "transferwise";
  return {
    ...rest,
    accountOwnerName: wise ? (input.accountOwnerName ?? null) : null,
    bankAccount: wise && receiveBy === "bank" ? (bankAccount ?? null) : null,
  };
}

/**
 * Body of POST /api/earnings/payout (tRPC earnings.requestPayout). The server re-checks, under a lock on the
 * influencer's account, that the amount is at most the balance (else not_enough_earnings) and the password (else
 * bad_password).
 */
export const requestPayoutInput = z
  .object({
    ...destinationShape,
    amountInCents: z
      .number()
      .int()
      .min(MIN_PAYOUT_CENTS, PAYOUT_MESSAGES.min)
      .max(MAX_PAYOUT_CENTS, PAYOUT_MESSAGES.max),
    password: z.string().min(1, PAYOUT_MESSAGES.password).max(PAYOUT_PASSWORD_MAX_LENGTH),
  })
  .superRefine(requireOwnerName)
  .transform(normalizeDestination);
export type RequestPayoutInput = z.input<typeof requestPayoutInput>;
export type RequestPayout = z.output<typeof requestPayoutInput>;

/** GET /api/earnings/payouts/{id} (tRPC earnings.payout): one of the influencer's payouts, as the tracker shows it. */
export const payoutIdInput = z.object({ id: rowId });

/**
 * Body of POST /api/earnings/payouts/{id}/retry (tRPC earnings.retryPayout): a failed payout's amount, already back
 * in the balance, requested again without typing it. Without a destination it goes where the failed one went;
 * a new destination (another method or account) needs the password, as a new request does.
 */
export const retryPayoutInput = z.object({
  id: rowId,
  destination: z
    .object({
      ...destinationShape,
      password: z.string().min(1, PAYOUT_MESSAGES.password).max(PAYOUT_PASSWORD_MAX_LENGTH),
    })
    .superRefine(requireOwnerName)
    .transform(normalizeDestination)
    .optional(),
});
export type RetryPayoutInput = z.input<typeof retryPayoutInput>;

/** The bank account's fields as the payout form names them, flat, and where each sits in the request's body. */
export const BANK_FORM_FIELDS = {
  routingNumber: ["routingNumber"],
  accountNumber: ["accountNumber"],
  accountType: ["accountType"],
  country: ["address", "country"],
  state: ["address", "state"],
  city: ["address", "city"],
  firstLine: ["address", "firstLine"],
  postCode: ["address", "postCode"],
} as const;
export type BankFormField = keyof typeof BANK_FORM_FIELDS;

const bankFormShape = Object.fromEntries(
  Object.keys(BANK_FORM_FIELDS).map((key) => [key, z.string().max(300).optional()]),
) as Record<BankFormField, z.ZodOptional<z.ZodString>>;

/** The typed bank fields as the request's bank account (not yet checked). */
function bankAccountOf(form: Partial<Record<BankFormField, string | undefined>>) {
  return {
    routingNumber: form.routingNumber ?? "",
    accountNumber: form.accountNumber ?? "",
    accountType: form.accountType ?? "",
    address: {
      country: form.country ?? "",
      ...(form.state ? { state: form.state } : {}),
      city: form.city ?? "",
      firstLine: form.firstLine ?? "",
      postCode: form.postCode ?? "",
    },
  };
}

/**
 * The payout form of spec sections 3 and 5, as the page checks it on blur: the typed amount (comma accepted) at
 * least $20 and at most the balance, the password, the email twice, and the owner's name for transferwise; for
 * transferwise paid to a bank account (issue 35), that account's details, each issue on its own field. Its output
 * is the request's body.
 */
export function payoutFormSchema(balanceCents: number) {
  return z
    .object({
      payoutAmount: z.string(),
      payoutPassword: z.string().min(1, PAYOUT_MESSAGES.password).max(PAYOUT_PASSWORD_MAX_LENGTH),
      method: payoutMethod,
      email: z.string().trim().max(254).pipe(z.email(PAYOUT_MESSAGES.email)),
      confirmEmail: z.string().trim().max(254),
      accountOwnerName,
      receiveBy: z.enum(WISE_RECEIVE_BY).optional(),
      ...bankFormShape,
    })
    .superRefine((form, ctx) => {
      const cents = parsePayoutAmount(form.payoutAmount);
      if (cents === null) ctx.addIssue({ code: "custom", path: ["payoutAmount"], message: PAYOUT_MESSAGES.amount });
      else if (cents < MIN_PAYOUT_CENTS)
        ctx.addIssue({ code: "custom", path: ["payoutAmount"], message: PAYOUT_MESSAGES.min });
      else if (cents > balanceCents)
        ctx.addIssue({ code: "custom", path: ["payoutAmount"], message: PAYOUT_MESSAGES.max });
      if (form.confirmEmail.toLowerCase() !== form.email.toLowerCase())
        ctx.addIssue({ code: "custom", path: ["confirmEmail"], message: PAYOUT_MESSAGES.emailsDiffer });
      requireOwnerName({ method: form.method, accountOwnerName: form.accountOwnerName }, ctx);
      if (form.method !== "transferwise" || form.receiveBy !== "bank") return;
      const account = usBankAccount.safeParse(bankAccountOf(form));
      if (account.success) return;
      for (const issue of account.error.issues) {
        const field = Object.entries(BANK_FORM_FIELDS).find(([, path]) => path.join(".") === issue.path.join("."))?.[0];
        ctx.addIssue({ code: "custom", path: [field ?? "routingNumber"], message: issue.message });
      }
    })
    .transform((form): RequestPayoutInput => {
      const body: RequestPayoutInput = {
        method: form.method,
        amountInCents: parsePayoutAmount(form.payoutAmount) ?? 0,
        password: form.payoutPassword,
        email: form.email.toLowerCase(),
      };
      if (form.method !== "transferwise") return body;
      const receiveBy = form.receiveBy ?? "email";
      return {
        ...body,
        accountOwnerName: form.accountOwnerName,
        receiveBy,
        ...(receiveBy === "bank" ? { bankAccount: usBankAccount.parse(bankAccountOf(form)) } : {}),
      };
    });
}
export type PayoutForm = z.input<ReturnType<typeof payoutFormSchema>>;

/**
 * Why a payout failed, as the tracker and the influencer's notification name it: the receiving account does not
 * exist or cannot receive (invalid_account), the provider refused it (rejected), the money came back (returned:
 * bounced, refunded, unclaimed), it was cancelled, or the provider failed in a way it did not explain.
 */
export const PAYOUT_FAILURE_REASONS = [
  "invalid_account",
  "rejected",
  "returned",
  "cancelled",
  "provider_error",
] as const;
export type PayoutFailureReason = (typeof PAYOUT_FAILURE_REASONS)[number];

/** The tracker's steps (beyond the spec, issue 14 item 5): requested, sent to the provider, then paid or failed. */
export const PAYOUT_STEPS = ["requested", "sent", "paid", "failed"] as const;
export type PayoutStep = (typeof PAYOUT_STEPS)[number];

/** One step reached, with its date (ISO 8601). */
export interface PayoutStepView {
  step: PayoutStep;
  at: string;
}

/** Where the payout stands: requested (not yet sent), sent (the provider has it), paid, failed. */
export type PayoutState = PayoutStep;

/** A payout as the tracker shows it (GET /api/earnings/payouts). */
export interface PayoutView {
  id: number;
  method: PayoutMethod;
  amountCents: number;
  email: string;
  accountOwnerName: string | null;
  /** transferwise to a bank account: the account without its number ("Checking account ending in 6789"). */
  bankAccount: string | null;
  state: PayoutState;
  /** The steps reached so far, in order, each with its date; the tracker greys the ones still ahead. */
  steps: PayoutStepView[];
  requestedAt: string;
  /** Set once paid (spec: processing until releaseDate is set). */
  releaseDate: string | null;
  failure: { reason: PayoutFailureReason; message: string | null } | null;
  /** Why a payout under way waits (Wise holds it for the platform's approval), for the influencer to read. */
  notice: string | null;
  /** The payout this one retried, if it is a retry. */
  retryOf: number | null;
  /** The retry of this failed payout, once made (a failed payout is retried once). */
  retriedBy: number | null;
  /** Failed and not yet retried: its money is back in the balance and "retry" may be offered. */
  canRetry: boolean;
}

/** GET /api/earnings/payouts: newest first, keyset-paged. */
export const payoutListInput = z.object({
  cursor: z.string().min(1).max(100).optional(),
});
export type PayoutListInput = z.input<typeof payoutListInput>;

export interface PayoutPage {
  items: PayoutView[];
  /** Pass it back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}
export const PAYOUTS_PAGE_SIZE = 20;

/** The answer of a payout request or retry: the new payout and the balance it left. */
export interface PayoutRequested {
  payout: PayoutView;
  balanceCents: number;
}
