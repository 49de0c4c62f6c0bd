import { type ApplicationRefund, formatUsd } from "@market/contracts";
import type { TFunction } from "i18next";
import { formatDeadline } from "./deal-format";

/** A refund's amount and date as the screens say them (the lists, the banner, the chat's closing line). */
export const refundFigures = (refund: ApplicationRefund) => ({
  amount: formatUsd(refund.amountCents),
  date: formatDeadline(refund.at),
});

/** "$148.50 refunded to the brand on Dec 5, 2026": what a refunded hire's card reads beside its label. */
export const refundSummary = (t: TFunction, refund: ApplicationRefund): string =>
  t("APPLICATION_STATE.REFUND", refundFigures(refund));
