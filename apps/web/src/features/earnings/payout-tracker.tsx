import { formatUsd, PAYOUT_METHOD_LABELS, type PayoutView, payoutReceiptPath } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../lib/day-format";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { LoadingLine } from "../../ui/query-states";
import { toast } from "../../ui/toast-store";
import { PAYOUTS_INPUT, PAYOUTS_PAGES } from "./earnings-query";

/** The steps every payout walks; the last is paid or failed. */
const STEPS = ["requested", "sent", "paid"] as const;

/**
 * How often the page looks again while a payout is on its way: the worker looks at sent payouts every few seconds
 * at first, so paid or failed shows without a reload.
 */
const IN_PROGRESS_REFRESH_MS = 5_000;

/**
 * Beyond the spec (issue 14 item 5): each payout's steps with their dates, and a failed payout retried in one
 * click, to where it went before or (on the payout page, the amount filled in) to another method or account: its
 * money is back in the balance and the amount is not typed again.
 */
export function PayoutTracker() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const query = trpc.earnings.payouts.useInfiniteQuery(PAYOUTS_INPUT, PAYOUTS_PAGES);
  const payouts = query.data?.pages.flatMap((page) => page.items) ?? [];
  const inProgress = payouts.some((payout) => payout.state === "requested" || payout.state === "sent");
  useEffect(() => {
    if (!inProgress) return;
    // The tracker, the transactions (a paid payout's release date) and the balance (a failed payout's money back).
    const timer = setInterval(() => {
      void utils.earnings.invalidate();
      void utils.account.balance.invalidate();
    }, IN_PROGRESS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [inProgress, utils]);
  if (!query.isPending && !query.isError && payouts.length === 0) return null;
  return (
    <section aria-labelledby="tracker-heading" className="space-y-3">
      <h2 id="tracker-heading" className="text-lg font-semibold">
        {t("EARNINGS.TRACKER.TITLE")}
      </h2>
      {query.isPending ? (
        <LoadingLine />
      ) : query.isError ? (
        <p role="alert" className="text-red-700">
          {t("EARNINGS.TRACKER.LOAD_ERROR")}
        </p>
      ) : (
        <ol className="space-y-3">
          {payouts.map((payout) => (
            <PayoutCard key={payout.id} payout={payout} />
          ))}
        </ol>
      )}
    </section>
  );
}

function PayoutCard({ payout }: { payout: PayoutView }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const retry = trpc.earnings.retryPayout.useMutation({
    onSuccess: () => {
      toast.success(t("EARNINGS.PAYOUT.SUCCESS"));
      void utils.earnings.invalidate();
      void utils.account.balance.invalidate();
    },
    onError: (error) => toast.error(t(REASON_MESSAGE_KEYS[reasonOf(error)])),
  });
  const reached = new Map(payout.steps.map((step) => [step.step, step.at]));
  const failedAt = reached.get("failed");
  const steps = failedAt ? [...STEPS.filter((step) => reached.has(step)), "failed" as const] : STEPS;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-testid={`payout-${payout.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">
          {t("EARNINGS.TRACKER.PAYOUT", {
            amount: formatUsd(payout.amountCents),
            method: PAYOUT_METHOD_LABELS[payout.method],
            email: payout.email,
          })}
        </p>
        <p className="text-sm font-medium">{t(`EARNINGS.TRACKER.STATE_${payout.state}`)}</p>
      </div>
      {payout.bankAccount && (
        <p className="text-sm text-slate-600">{t("EARNINGS.TRACKER.TO_BANK", { account: payout.bankAccount })}</p>
      )}
      <ol className="mt-3 flex flex-wrap gap-2 text-sm" aria-label={t("EARNINGS.TRACKER.STEPS")}>
        {steps.map((step) => {
          const at = reached.get(step);
          return (
            <li
              key={step}
              className={
                at
                  ? step === "failed"
                    ? "rounded-full bg-red-50 px-3 py-1 text-red-800"
                    : "rounded-full bg-emerald-50 px-3 py-1 text-emerald-900"
                  : "rounded-full bg-slate-100 px-3 py-1 text-slate-500"
              }
            >
              {t(`EARNINGS.TRACKER.STEP_${step}`)}
              {at ? ` · ${formatDay(at)}` : ""}
            </li>
          );
        })}
      </ol>
      {payout.state === "paid" && (
        // A paid payout's receipt (issue 40): a plain link, as the session cookie authenticates the download.
        <p className="mt-3 text-sm">
          <a
            href={payoutReceiptPath(payout.id)}
            download
            className="font-medium text-brand-800 underline"
            aria-label={t("EARNINGS.TRACKER.RECEIPT_LABEL", { amount: formatUsd(payout.amountCents) })}
            data-testid="payout-receipt"
          >
            {t("EARNINGS.TRACKER.RECEIPT")}
          </a>
        </p>
      )}
      {payout.notice && (
        // Why it waits (Wise holds it for the platform's approval): the server's words.
        <p role="status" className="mt-2 text-sm text-amber-800">
          {payout.notice}
        </p>
      )}
      {payout.failure && (
        <p className="mt-2 text-sm text-red-800">
          {t(`EARNINGS.TRACKER.FAILURE_${payout.failure.reason}`)}
          {payout.failure.message ? ` ${payout.failure.message}` : ""}
        </p>
      )}
      {payout.canRetry && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            onClick={() => retry.mutate({ id: payout.id })}
            disabled={retry.isPending}
            aria-busy={retry.isPending}
          >
            {t("EARNINGS.TRACKER.RETRY")}
          </Button>
          <Button asChild variant="secondary">
            <Link to="/earnings/payout" search={{ retry: payout.id }}>
              {t("EARNINGS.TRACKER.RETRY_ELSEWHERE")}
            </Link>
          </Button>
        </div>
      )}
    </li>
  );
}
