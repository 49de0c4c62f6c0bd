import { PLATFORM_DETAILS } from "@market/contracts";
import { DEFAULT_SUPPORT_EMAIL } from "../support/help-mail";
import type { ReceiptIssuer } from "./receipt-document";

/** What a receipt needs of the server's settings: who issues it, its public address and its support mailbox. */
export interface ReceiptIssuerDeps {
  /** PUBLIC_URL (else the configured host and port): the website printed under the address. */
  publicUrl: string;
  /** SUPPORT_EMAIL: the contact printed on the receipt, where a question about it goes. */
  supportEmail?: string | undefined;
  /** PLATFORM_LEGAL_NAME and PLATFORM_ADDRESS: the operator's company and postal address. */
  platformLegalName?: string | undefined;
  platformAddress?: readonly string[] | undefined;
}

/**
 * The platform as every receipt names it: the operator's company and address from the configuration, else
 * contracts' PLATFORM_DETAILS (the demo's), with the server's mailbox and website.
 */
export const receiptIssuer = (deps: ReceiptIssuerDeps): ReceiptIssuer => ({
  name: PLATFORM_DETAILS.name,
  legalName: deps.platformLegalName ?? PLATFORM_DETAILS.legalName,
  address: deps.platformAddress ?? PLATFORM_DETAILS.address,
  email: deps.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
  website: deps.publicUrl,
});

const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** A receipt's date: "June 19, 2026", in UTC as the ledger records it. */
export const receiptDay = (at: Date): string => longDay.format(at);
