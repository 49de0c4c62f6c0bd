import type { ReviewReportRow } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { MoneyPageHeader } from "../../../ui/money-table";
import { toast } from "../../../ui/toast-store";
import { ConsoleList } from "../shell/console-list";
import { ReasonDialog } from "../shell/reason-dialog";
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
  const [asking, setAsking] = useState(false);
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
        <Button variant={row.hidden ? "secondary" : "primary"} onClick={() => setAsking(true)}>
          {t(row.hidden ? "CONSOLE_REVIEWS.SHOW" : "CONSOLE_REVIEWS.HIDE")}
        </Button>
        <HideDialog row={row} open={asking} onClose={() => setAsking(false)} />
      </td>
    </tr>
  );
}

/**
 * Hiding a review (or showing it again) asks for the reason the audit log keeps, as every console decision does. A
 * review another admin changed meanwhile closes the dialog with a toast and reloads the list.
 */
function HideDialog({ row, open, onClose }: { row: ReviewReportRow; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const hide = trpc.admin.console.reviews.hide.useMutation({
    onSettled: () => void utils.admin.console.reviews.list.invalidate(),
  });
  const hiding = !row.hidden;
  const confirm = async (reason: string) => {
    try {
      const answer = await hide.mutateAsync({
        applicationId: row.applicationId,
        side: row.side,
        hidden: hiding,
        reason,
      });
      toast.success(t(answer.hidden ? "CONSOLE_REVIEWS.HIDDEN" : "CONSOLE_REVIEWS.SHOWN"));
    } catch (thrown) {
      const why = reasonOf(thrown);
      if (why !== "conflict" && why !== "not_found") throw thrown;
      toast.error(t("CONSOLE_REVIEWS.STALE"));
    }
  };
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      title={t(hiding ? "CONSOLE_REVIEWS.HIDE_TITLE" : "CONSOLE_REVIEWS.SHOW_TITLE", { id: row.applicationId })}
      intro={t(hiding ? "CONSOLE_REVIEWS.HIDE_EXPLAIN" : "CONSOLE_REVIEWS.SHOW_EXPLAIN")}
      submit={t(hiding ? "CONSOLE_REVIEWS.HIDE" : "CONSOLE_REVIEWS.SHOW")}
      danger={hiding}
      onConfirm={confirm}
    />
  );
}
