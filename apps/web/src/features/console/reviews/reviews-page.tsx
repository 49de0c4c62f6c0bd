import type { ReviewReportRow } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { MoneyPageHeader } from "../../../ui/money-table";
import { toast } from "../../../ui/toast-store";
import { ConsoleList } from "../shell/console-list";
import { consoleDate } from "../users/users-page";

export const REVIEW_REPORT_PAGES = {
  getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor ?? undefined,
} as const;

/**
 * Reported reviews (issue 40, point 3), newest report first: who reported which review and why, the review's text
 * as it stands, and the action to hide it from every profile and average (or show it again).
 */
export function ReviewReportsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("CONSOLE_REVIEWS.TITLE"));
  const query = trpc.admin.console.reviews.list.useInfiniteQuery({}, REVIEW_REPORT_PAGES);
  const rows = (query.data?.pages ?? []).flatMap((page) => page.rows);
  return (
    <div className="space-y-6">
      <MoneyPageHeader title={t("CONSOLE_REVIEWS.TITLE")} />
      <p className="text-sm text-slate-700">{t("CONSOLE_REVIEWS.INTRO")}</p>
      <ConsoleList
        query={query}
        count={rows.length}
        loadError={t("CONSOLE_REVIEWS.LOAD_ERROR")}
        empty={t("CONSOLE_REVIEWS.EMPTY")}
        more={t("CONSOLE_USERS.MORE")}
        caption={t("CONSOLE_REVIEWS.TITLE")}
        columns={[
          { label: t("CONSOLE_REVIEWS.REVIEW") },
          { label: t("CONSOLE_REVIEWS.REPORT") },
          { label: t("CONSOLE_REVIEWS.ACTION") },
        ]}
      >
        {rows.map((row) => (
          <ReportRow key={row.id} row={row} />
        ))}
      </ConsoleList>
    </div>
  );
}

function ReportRow({ row }: { row: ReviewReportRow }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const hide = trpc.admin.console.reviews.hide.useMutation({
    onSuccess: async (answer) => {
      toast.success(t(answer.hidden ? "CONSOLE_REVIEWS.HIDDEN" : "CONSOLE_REVIEWS.SHOWN"));
      await utils.admin.console.reviews.list.invalidate();
    },
    onError: () => toast.error(t("CONSOLE_REVIEWS.ERROR")),
  });
  return (
    <tr className="border-t border-slate-100 align-top" data-testid="review-report">
      <td className="px-4 py-2">
        <span className="font-medium">
          #{row.applicationId} {t(`CONSOLE_REVIEWS.SIDES.${row.side}`)}
        </span>
        <span className="block whitespace-pre-line break-words text-slate-700">{row.text || "—"}</span>
      </td>
      <td className="px-4 py-2">
        {t(`REVIEWS.REPORT_REASONS.${row.reason}`)}
        {row.note && <span className="block text-slate-700">{row.note}</span>}
        <span className="block text-slate-600">
          <Link to="/admin/users/$id" params={{ id: String(row.reporter.id) }} className="underline">
            {row.reporter.username}
          </Link>
          , <time dateTime={new Date(row.created).toISOString()}>{consoleDate.format(new Date(row.created))}</time>
        </span>
      </td>
      <td className="px-4 py-2">
        <Button
          variant={row.hidden ? "secondary" : "primary"}
          disabled={hide.isPending}
          aria-busy={hide.isPending}
          onClick={() => hide.mutate({ applicationId: row.applicationId, side: row.side, hidden: !row.hidden })}
        >
          {t(row.hidden ? "CONSOLE_REVIEWS.SHOW" : "CONSOLE_REVIEWS.HIDE")}
        </Button>
      </td>
    </tr>
  );
}
