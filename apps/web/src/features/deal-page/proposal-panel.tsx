import { type ApplicationStatus, applicationState, formatUsd, type OwnApplicationSummary } from "@market/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDeadline } from "../../lib/deal-format";
import { formatCount } from "../../lib/influencer-format";
import { refundSummary } from "../../lib/refund-format";
import { NetworkBadge } from "../../ui/network-badge";
import { proposalTotals } from "./proposal-summary";

const dollars = (whole: number) => formatUsd(whole * 100);

/**
 * The label of the expiration row, or null to leave the row out: the expiration bounds a WAITING proposal (the
 * brand may accept it until then) and says when an expired one lapsed; once accepted, completed or declined by the
 * brand, a past date would only mislead.
 */
export function expirationLabel(
  status: ApplicationStatus,
  expired: boolean,
): "DEAL_PAGE.EXPIRED_ON" | "DEAL_PAGE.EXPIRES_ON" | null {
  if (expired) return "DEAL_PAGE.EXPIRED_ON";
  return status === "WAITING" ? "DEAL_PAGE.EXPIRES_ON" : null;
}

/** The influencer's own application on the deal: its status, expiration while waiting, priced networks and totals. */
export function ProposalPanel({
  application,
  expired,
  children,
}: {
  application: OwnApplicationSummary;
  /** WAITING past its expiration: said in words instead of the Update button. */
  expired: boolean;
  /** The panel's actions (Update my proposal, the link to the application page). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const totals = proposalTotals(application.prices);
  const expirationRow = expirationLabel(application.status, expired);
  return (
    <section
      aria-labelledby="own-application-title"
      data-testid="own-application"
      className="space-y-4 rounded-lg border border-brand-200 bg-brand-50 p-5"
    >
      <h2 id="own-application-title" className="text-lg font-semibold">
        {t("DEAL_PAGE.YOUR_PROPOSAL")}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium text-slate-600">{t("DEAL_PAGE.PROPOSAL_STATUS")}</dt>
        {/* Declined, expired and refunded are all DENIED: the one rule of every screen tells them apart. */}
        <dd data-testid="own-application-status">
          {t(`DEAL_PAGE.APPLICATION_STATUS.${applicationState(application)}`)}
          {application.refund && (
            <span className="block text-slate-600">{refundSummary(t, application.refund, "influencer")}</span>
          )}
        </dd>
        {expirationRow && (
          <>
            <dt className="font-medium text-slate-600">{t(expirationRow)}</dt>
            <dd>{formatDeadline(application.expiration)}</dd>
          </>
        )}
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[20rem] text-left text-sm">
          <caption className="sr-only">{t("DEAL_PAGE.PRICES_CAPTION")}</caption>
          <thead>
            <tr className="border-b border-brand-200 text-slate-600">
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("DEAL_PAGE.NETWORK")}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                {t("DEAL_PAGE.REACH")}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                {t("DEAL_PAGE.PRICE")}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t("DEAL_PAGE.CREATION_DAYS")}
              </th>
            </tr>
          </thead>
          <tbody>
            {application.prices.map((line) => (
              <tr key={`${line.network}-${line.networkId ?? "gone"}`} className="border-b border-brand-100">
                <th scope="row" className="py-2 pr-4 font-normal">
                  <NetworkBadge type={line.network} />
                </th>
                <td className="py-2 pr-4 text-right">{formatCount(line.reach)}</td>
                <td className="py-2 pr-4 text-right">{dollars(line.price)}</td>
                <td className="py-2 text-right">{t("DEAL_PAGE.DAYS", { count: line.creationDays })}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-2 pr-4">
                {t("DEAL_PAGE.TOTAL")}
              </th>
              <td className="py-2 pr-4 text-right" data-testid="own-application-total-reach">
                {formatCount(totals.reach)}
              </td>
              <td className="py-2 pr-4 text-right" data-testid="own-application-total-price">
                {dollars(totals.price)}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      {expired && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("DEAL_PAGE.PROPOSAL_EXPIRED")}
        </p>
      )}
      {children}
    </section>
  );
}
