import { formatUsd, type Report } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { campaignReportPath } from "../../lib/report-paths";
import { MoneyTable } from "../../ui/money-table";
import { BarList } from "./charts/bar-list";
import { ColumnChart } from "./charts/column-chart";
import { ShareBar } from "./charts/share-bar";
import { NETWORK_SWATCH } from "./network-colors";
import { formatBucketDay, formatCount, formatRate } from "./report-format";
import { FiguresTable, TotalsList } from "./report-tables";

/**
 * A report's body (issue 40): the headline figures, then each chart beside its table (the table is the chart's
 * text equivalent: the charts are hidden from screen readers): spend over time, engagement per influencer, the
 * network split, and for a period the campaigns.
 */
export function ReportView({ report }: { report: Report }) {
  const { t } = useTranslation();
  const labels = report.overTime.map((point) => formatBucketDay(point.start));
  return (
    <div className="space-y-8">
      <TotalsList totals={report.totals} />

      <ChartSection id="report-spend" title={t("REPORTS.SPEND_OVER_TIME")}>
        <ColumnChart
          labels={labels}
          formatValue={formatUsd}
          series={[
            {
              key: "paid",
              label: t("REPORTS.PAID"),
              fillClass: "fill-indigo-600",
              swatchClass: "bg-indigo-600",
              values: report.overTime.map((point) => point.paidCents),
            },
            {
              key: "refunded",
              label: t("REPORTS.REFUNDED"),
              fillClass: "fill-red-500",
              swatchClass: "bg-red-500",
              values: report.overTime.map((point) => point.refundedCents),
            },
          ]}
        />
        <div data-testid="report-spend-table">
          <MoneyTable
            scrollable
            caption={t("REPORTS.SPEND_OVER_TIME")}
            columns={[
              { label: t(report.bucket === "day" ? "REPORTS.DAY" : "REPORTS.WEEK_OF") },
              { label: t("REPORTS.PAID"), numeric: true },
              { label: t("REPORTS.REFUNDED"), numeric: true },
              { label: t("REPORTS.VIEWS_GAINED"), numeric: true },
              { label: t("REPORTS.ENGAGEMENTS_GAINED"), numeric: true },
            ]}
          >
            {report.overTime.map((point, index) => (
              <tr key={point.start} className="border-t border-slate-100">
                <th scope="row" className="px-4 py-2 font-medium whitespace-nowrap">
                  {labels[index]}
                </th>
                <td className="px-4 py-2 text-right">{formatUsd(point.paidCents)}</td>
                <td className="px-4 py-2 text-right">{formatUsd(point.refundedCents)}</td>
                <td className="px-4 py-2 text-right">{formatCount(point.views)}</td>
                <td className="px-4 py-2 text-right">{formatCount(point.likes + point.comments)}</td>
              </tr>
            ))}
          </MoneyTable>
        </div>
      </ChartSection>

      <ChartSection id="report-influencers" title={t("REPORTS.ENGAGEMENT_PER_INFLUENCER")}>
        <BarList
          barClass="bg-indigo-600"
          bars={report.byInfluencer.map((row) => ({
            key: String(row.influencer.id),
            label: row.influencer.username,
            value: row.engagements,
            display: `${formatCount(row.engagements)} · ${formatRate(row.engagementRate)}`,
          }))}
        />
        <FiguresTable
          testId="report-influencers-table"
          caption={t("REPORTS.ENGAGEMENT_PER_INFLUENCER")}
          nameLabel={t("REPORTS.INFLUENCER")}
          rows={report.byInfluencer.map((row) => ({
            key: String(row.influencer.id),
            name: row.influencer.username,
            figures: row,
          }))}
        />
      </ChartSection>

      <ChartSection id="report-networks" title={t("REPORTS.NETWORK_SPLIT")}>
        <div className="space-y-4">
          <p className="text-sm text-slate-600">{t("REPORTS.NETWORK_SPLIT_SPEND")}</p>
          <ShareBar
            parts={report.byNetwork.map((row) => ({
              key: row.network,
              label: t(`NETWORK.${row.network}`),
              value: row.spendCents,
              swatchClass: NETWORK_SWATCH[row.network],
            }))}
          />
          <p className="text-sm text-slate-600">{t("REPORTS.NETWORK_SPLIT_ENGAGEMENTS")}</p>
          <ShareBar
            parts={report.byNetwork.map((row) => ({
              key: row.network,
              label: t(`NETWORK.${row.network}`),
              value: row.engagements,
              swatchClass: NETWORK_SWATCH[row.network],
            }))}
          />
        </div>
        <FiguresTable
          testId="report-networks-table"
          caption={t("REPORTS.NETWORK_SPLIT")}
          nameLabel={t("REPORTS.NETWORK")}
          rows={report.byNetwork.map((row) => ({ key: row.network, name: t(`NETWORK.${row.network}`), figures: row }))}
        />
      </ChartSection>

      {report.scope.kind === "period" && (
        <section aria-labelledby="report-campaigns" className="space-y-3">
          <h2 id="report-campaigns" className="text-lg font-semibold">
            {t("REPORTS.CAMPAIGNS")}
          </h2>
          <FiguresTable
            testId="report-campaigns-table"
            caption={t("REPORTS.CAMPAIGNS")}
            nameLabel={t("REPORTS.CAMPAIGN")}
            rows={report.byCampaign.map((row) => ({
              key: String(row.campaign.id),
              name: (
                <Link to={campaignReportPath(row.campaign.id)} className="text-brand-800 underline">
                  {row.campaign.title}
                </Link>
              ),
              figures: row,
            }))}
          />
        </section>
      )}
    </div>
  );
}

/** A chart and its table side by side (stacked on narrow screens), under one heading. */
function ChartSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">{children}</div>
    </section>
  );
}
