import { type AccountKind, type ApplicationRefund, formatUsd } from "@market/contracts";
import type { TFunction } from "i18next";
import { formatDeadline } from "./deal-format";

/** A refund's amount and date as the screens say them (the lists, the banner, the chat's closing line). */
export const refundFigures = (refund: ApplicationRefund) => ({
  amount: formatUsd(refund.amountCents),
  date: formatDeadline(refund.at),
});

/**
 * What a refunded hire's card reads beside its label: "$148.50 refunded to the brand on Dec 5, 2026" for the
 * influencer, "… refunded to you …" for the brand, who is spoken to rather than of (as its refund mail does).
 */
export const refundSummary = (t: TFunction, refund: ApplicationRefund, reader: AccountKind): string =>
  t(reader === "brand" ? "APPLICATION_STATE.REFUND_BRAND" : "APPLICATION_STATE.REFUND", refundFigures(refund));
