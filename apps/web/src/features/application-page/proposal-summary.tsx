import { type ApplicationPageView, describeUsageRights, formatUsd } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../lib/influencer-format";
import { formatPercent } from "../../lib/percent-format";
import { NetworkBadge } from "../../ui/network-badge";

/**
 * The proposal (spec sections 2 and 3): the influencer's message, each priced network with its reach, price, days
 * to create, usage rights (in the viewer's words) and link (marked when hired), and the totals with the fee as the viewer sees it: the brand what it
 * pays on top, the influencer what is kept from its earnings.
 */
export function ProposalSummary({ view }: { view: ApplicationPageView }) {
  const { t } = useTranslation();
  const hiredShown = view.status === "PROGRESS" || view.status === "COMPLETE";
  return (
    <section aria-labelledby="proposal-title" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="proposal-title" className="text-lg font-semibold">
        {t("APPLICATION_PAGE.PROPOSAL")}
      </h2>
      <div>
        <h3 className="text-sm font-medium text-slate-600">{t("APPLICATION_PAGE.MESSAGE")}</h3>
        <p className="mt-1 whitespace-pre-line break-words" data-testid="proposal-text">
          {view.text}
        </p>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-sm" data-testid="proposal-prices">
          <caption className="sr-only">{t("APPLICATION_PAGE.PRICES_CAPTION")}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("APPLICATION_PAGE.NETWORK")}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                {t("APPLICATION_PAGE.REACH")}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                {t("APPLICATION_PAGE.PRICE")}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                {t("APPLICATION_PAGE.CREATION_DAYS")}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("APPLICATION_PAGE.USAGE_RIGHTS")}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t("APPLICATION_PAGE.LINK")}
              </th>
            </tr>
          </thead>
          <tbody>
            {view.prices.map((line) => (
              // A proposal prices each network type once (the server refuses a type twice).
              <tr
                key={line.network}
                data-testid="proposal-price"
                data-network={line.network}
                className="border-b border-slate-100"
              >
                <th scope="row" className="py-2 pr-4 font-normal">
                  <NetworkBadge type={line.network} />
                  {hiredShown && line.hired && (
                    <span className="ml-2 rounded bg-brand-100 px-2 py-0.5 text-xs text-brand-900">
                      {t("APPLICATION_PAGE.HIRED")}
                    </span>
                  )}
                </th>
                <td className="py-2 pr-4 text-right tabular-nums">{formatCount(line.reach)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatUsd(line.price * 100)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">
                  {t("APPLICATION_PAGE.DAYS", { count: line.creationDays })}
                </td>
                <td className="py-2 pr-4" data-testid="proposal-price-rights">
                  {describeUsageRights(line.usageRights, view.role)}
                </td>
                <td className="py-2">
                  {line.link ? (
                    <a href={line.link} target="_blank" rel="noopener noreferrer" className="text-brand-800 underline">
                      {t("APPLICATION_PAGE.OPEN_LINK", { network: t(`NETWORK.${line.network}`) })}
                    </a>
                  ) : (
                    <span className="text-slate-500">{t("APPLICATION_PAGE.NO_LINK")}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ViewerTotals view={view} />
    </section>
  );
}

function ViewerTotals({ view }: { view: ApplicationPageView }) {
  const { t } = useTranslation();
  const brand = view.role === "brand";
  // The brand's fee is added to the price, the influencer's taken from it.
  const feeCents = Math.abs(view.viewerTotalCents - view.totalPriceCents);
  const rows = [
    { label: t("APPLICATION_PAGE.TOTAL_REACH"), value: formatCount(view.totalReach), testId: "total-reach" },
    { label: t("APPLICATION_PAGE.TOTAL_PRICE"), value: formatUsd(view.totalPriceCents), testId: "total-price" },
    {
      label: t(brand ? "APPLICATION_PAGE.FEE_BRAND" : "APPLICATION_PAGE.FEE_INFLUENCER", {
        percent: formatPercent(view.viewerFeePercent),
      }),
      value: `${brand ? "+" : "−"}${formatUsd(feeCents)}`,
      testId: "total-fee",
    },
    {
      // A refunded hire's total went back to the brand: the influencer never earns it.
      label: view.refund
        ? t(brand ? "APPLICATION_PAGE.TOTAL_BRAND_REFUNDED" : "APPLICATION_PAGE.TOTAL_INFLUENCER_REFUNDED")
        : t(brand ? "APPLICATION_PAGE.TOTAL_BRAND" : "APPLICATION_PAGE.TOTAL_INFLUENCER"),
      value: formatUsd(view.viewerTotalCents),
      testId: "total-viewer",
    },
  ];
  return (
    <div className="rounded-md bg-slate-50 p-4">
      <h3 className="sr-only">{t("APPLICATION_PAGE.TOTALS")}</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {rows.map((row) => (
          <div key={row.testId}>
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="font-semibold tabular-nums" data-testid={row.testId}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
