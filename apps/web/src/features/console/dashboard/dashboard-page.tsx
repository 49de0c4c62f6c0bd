import {
  CONSOLE_QUEUES,
  type ConsoleQueue,
  DASHBOARD_PERIOD_DAYS,
  type DashboardFigures,
  formatUsd,
  type QueueCounts,
} from "@market/contracts";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../lib/cx";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/form-fields";
import { LoadErrorMessage, LoadingLine } from "../../../ui/query-states";
import { customPeriodValid, type DashboardSearch, dashboardInputOf } from "./dashboard-query";

const route = getRouteApi("/(admin)/admin/");

/** Each queue's screen, where its count leads. */
const QUEUE_SCREENS: Record<ConsoleQueue, { to: string; search?: Record<string, string> }> = {
  dealsAwaitingReview: { to: "/admin/deals" },
  cases: { to: "/admin/cases" },
  flaggedInfluencers: { to: "/admin/flags", search: { tab: "flagged" } },
  appealsAwaitingDecision: { to: "/admin/flags" },
  payoutsFailedOrStuck: { to: "/admin/payouts" },
  refundsAwaitingApproval: { to: "/admin/refunds" },
};

const FIGURES = [
  "gmvPaidInCents",
  "feesEarnedCents",
  "escrowHeldCents",
  "payoutsInFlight",
  "medianHoursWorkDoneToRelease",
  "autoReleaseShare",
  "contestedShare",
  "payoutFailureRate",
] as const satisfies readonly (keyof DashboardFigures)[];

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
const hours = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/**
 * The console's home (issue 36, point 1): each queue's count, linking to its queue, and the platform's figures over
 * the period chosen in the URL (last 7, 30 or 90 days, or custom days).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("CONSOLE_DASHBOARD.TITLE"));
  const search = route.useSearch();
  const query = trpc.admin.console.dashboard.get.useQuery(dashboardInputOf(search), {
    placeholderData: (previous) => previous,
  });

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">{t("CONSOLE_DASHBOARD.TITLE")}</h1>
      {query.isPending ? (
        <LoadingLine />
      ) : query.isError && !query.data ? (
        <LoadErrorMessage query={query}>{t("CONSOLE_DASHBOARD.LOAD_ERROR")}</LoadErrorMessage>
      ) : (
        <>
          <QueueCards queues={query.data.queues} />
          <section aria-labelledby="figures-title" className="space-y-4" aria-busy={query.isFetching}>
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div>
                <h2 id="figures-title" className="text-lg font-semibold">
                  {t("CONSOLE_DASHBOARD.FIGURES")}
                </h2>
                <p className="text-sm text-slate-600">
                  {t("CONSOLE_DASHBOARD.PERIOD_LABEL", {
                    from: day.format(new Date(query.data.figures.period.from)),
                    to: day.format(new Date(new Date(query.data.figures.period.to).getTime() - 1)),
                  })}
                </p>
              </div>
              <PeriodPicker search={search} />
            </div>
            <FigureGrid figures={query.data.figures} />
          </section>
        </>
      )}
    </div>
  );
}

function QueueCards({ queues }: { queues: QueueCounts }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="queues-title" className="space-y-3">
      <h2 id="queues-title" className="text-lg font-semibold">
        {t("CONSOLE_DASHBOARD.QUEUES")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {CONSOLE_QUEUES.map((queue) => {
          const label = t(`CONSOLE_DASHBOARD.QUEUE.${queue}`);
          const screen = QUEUE_SCREENS[queue];
          const body = (
            <>
              <span className="block text-3xl font-bold tabular-nums" data-testid={`queue-${queue}`}>
                {queues[queue]}
              </span>
              <span className="block text-sm text-slate-700">{label}</span>
            </>
          );
          const box = "block h-full rounded-lg border border-slate-200 bg-white p-4";
          return (
            <li key={queue}>
              <Link
                to={screen.to}
                search={screen.search ?? {}}
                aria-label={t("CONSOLE_DASHBOARD.OPEN_QUEUE", { queue: `${label}: ${queues[queue]}` })}
                className={cx(box, "hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-blue-700")}
              >
                {body}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function FigureGrid({ figures }: { figures: DashboardFigures }) {
  const { t } = useTranslation();
  const none = t("CONSOLE_DASHBOARD.NONE_YET");
  const share = (value: number | null) => (value === null ? none : percent.format(value));
  const shown: Record<(typeof FIGURES)[number], string> = {
    gmvPaidInCents: formatUsd(figures.gmvPaidInCents),
    feesEarnedCents: formatUsd(figures.feesEarnedCents),
    escrowHeldCents: formatUsd(figures.escrowHeldCents),
    payoutsInFlight: t("CONSOLE_DASHBOARD.PAYOUTS_IN_FLIGHT", {
      count: figures.payoutsInFlight.count,
      amount: formatUsd(figures.payoutsInFlight.amountCents),
    }),
    medianHoursWorkDoneToRelease:
      figures.medianHoursWorkDoneToRelease === null
        ? none
        : t("CONSOLE_DASHBOARD.HOURS", { hours: hours.format(figures.medianHoursWorkDoneToRelease) }),
    autoReleaseShare: share(figures.autoReleaseShare),
    contestedShare: share(figures.contestedShare),
    payoutFailureRate: share(figures.payoutFailureRate),
  };
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {FIGURES.map((figure) => (
        <div key={figure} className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm font-medium text-slate-700">{t(`CONSOLE_DASHBOARD.FIGURE.${figure}`)}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums" data-testid={`figure-${figure}`}>
            {shown[figure]}
          </dd>
          <dd className="mt-1 text-xs text-slate-600">{t(`CONSOLE_DASHBOARD.HINT.${figure}`)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The presets as links (the period lives in the URL), and a custom pair of days applied on submit. */
function PeriodPicker({ search }: { search: DashboardSearch }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const custom = search.from !== undefined;
  const [from, setFrom] = useState(search.from ?? "");
  const [to, setTo] = useState(search.to ?? "");
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to || !customPeriodValid(from, to)) {
      setError(true);
      return;
    }
    setError(false);
    void navigate({ to: "/admin", search: { from, to } });
  };
  return (
    <div className="space-y-2">
      <nav aria-label={t("CONSOLE_DASHBOARD.PERIOD")} className="flex flex-wrap gap-2">
        {DASHBOARD_PERIOD_DAYS.map((days) => {
          const current = !custom && (search.days ?? 30) === days;
          return (
            <Link
              key={days}
              to="/admin"
              search={{ days }}
              aria-current={current ? "page" : undefined}
              className={cx(
                "rounded-md border px-3 py-1.5 text-sm",
                current ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white hover:bg-slate-50",
              )}
            >
              {t("CONSOLE_DASHBOARD.DAYS", { count: days })}
            </Link>
          );
        })}
      </nav>
      <form onSubmit={submit} aria-label={t("CONSOLE_DASHBOARD.CUSTOM")} className="flex flex-wrap items-end gap-2">
        <TextField
          label={t("CONSOLE_DASHBOARD.FROM")}
          type="date"
          value={from}
          onValueChange={setFrom}
          error={error ? { key: "CONSOLE_DASHBOARD.BAD_PERIOD" } : undefined}
        />
        <TextField label={t("CONSOLE_DASHBOARD.TO")} type="date" value={to} onValueChange={setTo} />
        <Button type="submit" variant={custom ? "primary" : "secondary"}>
          {t("CONSOLE_DASHBOARD.APPLY")}
        </Button>
      </form>
    </div>
  );
}
