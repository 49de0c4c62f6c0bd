import { formatUsd, type RefundRequestView } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { MoneyPageHeader } from "../../../ui/money-table";
import { toast } from "../../../ui/toast-store";
import { ConsoleList } from "../shell/console-list";
import { ReasonDialog } from "../shell/reason-dialog";
import { consoleDate } from "../users/users-page";

export const REFUND_PAGES = {
  getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor ?? undefined,
} as const;

/**
 * The two-person rule's queue (issue 36, point 4): refunds above the threshold, oldest first, each waiting for an
 * admin other than the one who asked. Approving executes the refund; rejecting needs a reason.
 */
export function RefundsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("CONSOLE_USERS.REFUNDS_TITLE"));
  const query = trpc.admin.console.refunds.list.useInfiniteQuery({}, REFUND_PAGES);
  const requests = (query.data?.pages ?? []).flatMap((page) => page.requests);
  return (
    <div className="space-y-6">
      <MoneyPageHeader title={t("CONSOLE_USERS.REFUNDS_TITLE")} />
      <p className="text-sm text-slate-700">{t("CONSOLE_USERS.REFUNDS_INTRO")}</p>
      <ConsoleList
        query={query}
        count={requests.length}
        loadError={t("CONSOLE_USERS.REFUNDS_LOAD_ERROR")}
        empty={t("CONSOLE_USERS.REFUNDS_EMPTY")}
        more={t("CONSOLE_USERS.MORE")}
        caption={t("CONSOLE_USERS.REFUNDS_TITLE")}
        columns={[
          { label: t("CONSOLE_USERS.REFUND_HIRE") },
          { label: t("CONSOLE_USERS.REFUND_AMOUNT"), numeric: true },
          { label: t("CONSOLE_USERS.REFUND_ASKED") },
          { label: t("CONSOLE_USERS.REFUND_DECIDE") },
        ]}
      >
        {requests.map((request) => (
          <RefundRow key={request.id} request={request} />
        ))}
      </ConsoleList>
    </div>
  );
}

function RefundRow({ request }: { request: RefundRequestView }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [dialog, setDialog] = useState<"approve" | "reject" | null>(null);
  const done = async (message: string) => {
    toast.success(message);
    await utils.admin.console.refunds.list.invalidate();
  };
  const approve = trpc.admin.console.refunds.approve.useMutation({
    onSuccess: () => done(t("CONSOLE_USERS.REFUND_APPROVED")),
  });
  const reject = trpc.admin.console.refunds.reject.useMutation({
    onSuccess: () => done(t("CONSOLE_USERS.REFUND_REJECTED")),
  });
  return (
    <tr className="border-t border-slate-100 align-top" data-testid="refund-request">
      <td className="px-4 py-2">
        <span className="font-medium">
          #{request.applicationId} {request.dealTitle}
        </span>
        <span className="block text-slate-600">
          {t("CONSOLE_USERS.REFUND_PARTIES", {
            brand: request.brand.username,
            influencer: request.influencer.username,
          })}
        </span>
      </td>
      <td className="px-4 py-2 text-right tabular-nums">{formatUsd(request.amountCents)}</td>
      <td className="px-4 py-2">
        <Link to="/admin/users/$id" params={{ id: String(request.requestedBy.id) }} className="underline">
          {request.requestedBy.username}
        </Link>
        , <time dateTime={request.requestedAt}>{consoleDate.format(new Date(request.requestedAt))}</time>
        {request.reason && <span className="block text-slate-700">{request.reason}</span>}
      </td>
      <td className="px-4 py-2">
        {request.mayDecide ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setDialog("approve")}>{t("CONSOLE_USERS.REFUND_APPROVE")}</Button>
            <Button variant="secondary" onClick={() => setDialog("reject")}>
              {t("CONSOLE_USERS.REFUND_REJECT")}
            </Button>
          </div>
        ) : (
          <div className="space-y-2">
            <span className="block text-slate-600">{t("CONSOLE_USERS.REFUND_YOURS")}</span>
            <Button variant="secondary" onClick={() => setDialog("reject")}>
              {t("CONSOLE_USERS.REFUND_WITHDRAW")}
            </Button>
          </div>
        )}
        <ReasonDialog
          open={dialog !== null}
          onClose={() => setDialog(null)}
          title={t(dialog === "approve" ? "CONSOLE_USERS.REFUND_APPROVE_TITLE" : "CONSOLE_USERS.REFUND_REJECT_TITLE", {
            amount: formatUsd(request.amountCents),
            brand: request.brand.username,
          })}
          intro={t(dialog === "approve" ? "CONSOLE_USERS.REFUND_APPROVE_INTRO" : "CONSOLE_USERS.REFUND_REJECT_INTRO")}
          submit={t(dialog === "approve" ? "CONSOLE_USERS.REFUND_APPROVE" : "CONSOLE_USERS.REFUND_REJECT")}
          reason={{ label: t("CONSOLE_USERS.REASON"), hint: t("CONSOLE_USERS.REASON_HINT") }}
          failureOf={() => t("CONSOLE_USERS.REFUND_ERROR")}
          onConfirm={(reason) =>
            dialog === "approve"
              ? approve.mutateAsync({ id: request.id, reason })
              : reject.mutateAsync({ id: request.id, reason })
          }
        />
      </td>
    </tr>
  );
}
