import { formatUsd, type ReportFigures } from "@market/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MoneyTable } from "../../ui/money-table";
import { formatCount, formatRate } from "./report-format";

/** A cost that may be absent (no views, no engagements): the dash rather than a misleading zero. */
const cost = (cents: number | null) => (cents === null ? "—" : formatUsd(cents));

/** The figures' table of a split (per network, influencer or campaign): a row per part, named by its first cell. */
export function FiguresTable({
  caption,
  nameLabel,
  rows,
  testId,
}: {
  caption: string;
  nameLabel: string;
  rows: readonly { key: string; name: ReactNode; figures: ReportFigures }[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <MoneyTable
        scrollable
        caption={caption}
        columns={[
          { label: nameLabel },
          { label: t("REPORTS.HIRES"), numeric: true },
          { label: t("REPORTS.POSTS"), numeric: true },
          { label: t("REPORTS.SPEND"), numeric: true },
          { label: t("REPORTS.VIEWS"), numeric: true },
          { label: t("REPORTS.ENGAGEMENTS"), numeric: true },
          { label: t("REPORTS.ENGAGEMENT_RATE"), numeric: true },
          { label: t("REPORTS.COST_PER_ENGAGEMENT"), numeric: true },
          { label: t("REPORTS.CPM"), numeric: true },
        ]}
      >
        {rows.map(({ key, name, figures }) => (
          <tr key={key} className="border-t border-slate-100">
            <th scope="row" className="px-4 py-2 font-medium">
              {name}
            </th>
            <td className="px-4 py-2 text-right">{formatCount(figures.hires)}</td>
            <td className="px-4 py-2 text-right">{formatCount(figures.posts)}</td>
            <td className="px-4 py-2 text-right">{formatUsd(figures.spendCents)}</td>
            <td className="px-4 py-2 text-right">{formatCount(figures.views)}</td>
            <td className="px-4 py-2 text-right">{formatCount(figures.engagements)}</td>
            <td className="px-4 py-2 text-right">{formatRate(figures.engagementRate)}</td>
            <td className="px-4 py-2 text-right">{cost(figures.costPerEngagementCents)}</td>
            <td className="px-4 py-2 text-right">{cost(figures.costPerThousandViewsCents)}</td>
          </tr>
        ))}
      </MoneyTable>
    </div>
  );
}

/** The report's headline figures, each with its label. */
export function TotalsList({ totals }: { totals: ReportFigures }) {
  const { t } = useTranslation();
  const items: [string, string, string][] = [
    ["spend", t("REPORTS.SPEND"), formatUsd(totals.spendCents)],
    ["paid", t("REPORTS.PAID"), formatUsd(totals.paidCents)],
    ["fees", t("REPORTS.FEES"), formatUsd(totals.feesCents)],
    ["refunded", t("REPORTS.REFUNDED"), formatUsd(totals.refundedCents)],
    ["hires", t("REPORTS.HIRES"), formatCount(totals.hires)],
    ["posts", t("REPORTS.POSTS"), formatCount(totals.posts)],
    ["views", t("REPORTS.VIEWS"), formatCount(totals.views)],
    ["likes", t("REPORTS.LIKES"), formatCount(totals.likes)],
    ["comments", t("REPORTS.COMMENTS"), formatCount(totals.comments)],
    ["rate", t("REPORTS.ENGAGEMENT_RATE"), formatRate(totals.engagementRate)],
    ["cpe", t("REPORTS.COST_PER_ENGAGEMENT"), cost(totals.costPerEngagementCents)],
    ["cpm", t("REPORTS.CPM"), cost(totals.costPerThousandViewsCents)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
      {items.map(([key, label, value]) => (
        <div key={key} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="text-xl font-semibold" data-testid={`report-total-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
