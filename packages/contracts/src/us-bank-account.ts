import { z } from "zod";
import { singleLine } from "./text";

/**
 * A US bank account a transferwise payout is paid to (issue 35): Wise's `aba` recipient for USD, whose details are
 * the ACH routing number (`abartn`), the account number, its type and the holder's address (Wise: "Recipient
 * address data is required only if target currency is USD, PHP, THB or TRY", docs.wise.com/api-reference/recipient,
 * "Create a recipient account"; the fields of the USD example of the recipient reference). Checked here, in the
 * form and on the server alike, so that Wise's refusal is the rare case.
 */

export const US_BANK_ACCOUNT_TYPES = ["CHECKING", "SAVINGS"] as const;
export type UsBankAccountType = (typeof US_BANK_ACCOUNT_TYPES)[number];

export const BANK_ACCOUNT_MESSAGES = {
  routingNumber: "Enter your bank's 9-digit ACH routing number.",
  routingChecksum: "This is not a valid routing number: check it on a check or with your bank.",
  accountNumber: "Enter your account number: 4 to 17 digits.",
  accountType: "Choose checking or savings.",
  country: "Enter the two-letter code of your country, e.g. US.",
  state: "Enter your state's two-letter code, e.g. NY.",
  city: "Enter your city.",
  firstLine: "Enter your street address.",
  zip: "Enter a 5-digit ZIP code, e.g. 10025.",
  postCode: "Enter your postal code.",
} as const;

/**
 * The ABA routing number's check digit: 3, 7 and 1 weigh the digits in turn and the sum is a multiple of ten
 * (the American Bankers Association's routing number checksum), so that a mistyped digit is caught before Wise.
 */
export function isAbaRoutingNumber(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(text[index]), 0);
  return sum % 10 === 0 && text !== "000000000";
}

const line = (max: number, message: string) => singleLine(z.string().trim().min(1, message).max(max, message));

export const usBankAccount = z
  .object({
    routingNumber: z
      .string()
      .trim()
      .regex(/^\d{9}$/, BANK_ACCOUNT_MESSAGES.routingNumber)
      .refine(isAbaRoutingNumber, BANK_ACCOUNT_MESSAGES.routingChecksum),
    accountNumber: z
      .string()
      .trim()
      .regex(/^\d{4,17}$/, BANK_ACCOUNT_MESSAGES.accountNumber),
    accountType: z.enum(US_BANK_ACCOUNT_TYPES, BANK_ACCOUNT_MESSAGES.accountType),
    address: z.object({
      country: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, BANK_ACCOUNT_MESSAGES.country),
      // Wise asks for the state of a US (and a Canadian or Brazilian) address; optional elsewhere.
      state: z.string().trim().toUpperCase().max(3, BANK_ACCOUNT_MESSAGES.state).optional(),
      city: line(100, BANK_ACCOUNT_MESSAGES.city),
      firstLine: line(200, BANK_ACCOUNT_MESSAGES.firstLine),
      postCode: line(20, BANK_ACCOUNT_MESSAGES.postCode),
    }),
  })
  .superRefine((account, ctx) => {
    const { address } = account;
    if (address.country !== "US") return;
    if (!address.state || !/^[A-Z]{2}$/.test(address.state))
      ctx.addIssue({ code: "custom", path: ["address", "state"], message: BANK_ACCOUNT_MESSAGES.state });
    if (!/^\d{5}(-\d{4})?$/.test(address.postCode))
      ctx.addIssue({ code: "custom", path: ["address", "postCode"], message: BANK_ACCOUNT_MESSAGES.zip });
  });
export type UsBankAccount = z.output<typeof usBankAccount>;
export type UsBankAccountInput = z.input<typeof usBankAccount>;

/** How the tracker names the account without its number: "Checking account ending in 6789". */
export function bankAccountSummary(account: Pick<UsBankAccount, "accountNumber" | "accountType">): string {
  const kind = account.accountType === "CHECKING" ? "Checking" : "Savings";
  return `${kind} account ending in ${account.accountNumber.slice(-4)}`;
}
