import { type CaseDecision, type CaseView, formatUsd } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadStateOf } from "../../../lib/load-state";
import { parsePathId } from "../../../lib/path-id";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { DeliverySection } from "../../../ui/delivery/delivery-section";
import { MoneyPageHeader, MoneyTable, StatementLink } from "../../../ui/money-table";
import { LoadErrorMessage, LoadingLine, NotFoundPanel } from "../../../ui/query-states";
import { CaseParties } from "./case-parties";
import { CASE_KIND_KEYS, daysHours, evidenceHref } from "./cases-query";
import { DecisionDialog } from "./decision-dialog";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/**
 * A case's page (issue 36, point 3): where the hire stands, its parties and their records, the decisions the
 * lifecycle allows now (each confirmed with a reason), the evidence pack, and the timeline of everything that
 * happened, oldest first, with the ledger's entries.
 */
export function CasePage({ rawId }: { rawId: string }) {
  const { t } = useTranslation();
  const id = parsePathId(rawId);
  const query = trpc.admin.console.cases.get.useQuery({ applicationId: id ?? 0 }, { enabled: id !== null });
  useDocumentTitle(t("CONSOLE_CASES.CASE_TITLE", { id: rawId }));
  const back = (
    <Link to="/admin/cases" className="font-medium text-indigo-700 underline">
      {t("CONSOLE_CASES.BACK")}
    </Link>
  );
  const state = loadStateOf(query, {
    validId: id !== null,
    notFoundReasons: ["not_found", "invalid"],
    keepDataOnError: true,
  });
  if (state.kind === "not_found") return <NotFoundPanel back={back}>{t("CONSOLE_CASES.NOT_FOUND")}</NotFoundPanel>;
  if (!query.data) {
    if (query.isError) return <LoadErrorMessage query={query}>{t("CONSOLE_CASES.CASE_LOAD_ERROR")}</LoadErrorMessage>;
    return <LoadingLine />;
  }
  return <CaseDetails view={query.data} back={back} />;
}

function CaseDetails({ view, back }: { view: CaseView; back: ReactNode }) {
  const { t } = useTranslation();
  const [deciding, setDeciding] = useState<CaseDecision | null>(null);
  return (
    <div className="space-y-6">
      {back}
      <MoneyPageHeader title={t("CONSOLE_CASES.CASE_HEADING", { id: view.applicationId, title: view.dealTitle })}>
        <StatementLink href={evidenceHref(view.applicationId)}>{t("CONSOLE_CASES.DOWNLOAD_EVIDENCE")}</StatementLink>
      </MoneyPageHeader>
      <CaseStanding view={view} />
      <CaseParties view={view} />
      <section aria-labelledby="case-decisions" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="case-decisions" className="text-lg font-semibold">
          {t("CONSOLE_CASES.DECISIONS")}
        </h2>
        {view.decisions.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("CONSOLE_CASES.NO_DECISION")}</p>
        ) : (
          <div className="mt-3 flex flex-wrap gap-2">
            {view.decisions.map((decision) => (
              <Button
                key={decision}
                variant={decision === "refund" ? "secondary" : "primary"}
                onClick={() => setDeciding(decision)}
              >
                {t(`CONSOLE_CASES.DECIDE_${decision.toUpperCase() as "RELEASE" | "REFUND" | "CLOSE"}`)}
              </Button>
            ))}
          </div>
        )}
      </section>
      {deciding && <DecisionDialog view={view} decision={deciding} onClose={() => setDeciding(null)} />}
      {view.delivery && <DeliverySection delivery={view.delivery} />}
      <CaseTimeline view={view} />
      <CaseLedger view={view} />
    </div>
  );
}

function CaseStanding({ view }: { view: CaseView }) {
  const { t } = useTranslation();
  const facts: [string, string][] = [
    [t("CONSOLE_CASES.STATUS"), view.status],
    [
      t("CONSOLE_CASES.OPEN"),
      view.kinds.length === 0
        ? t("CONSOLE_CASES.DECIDED")
        : view.kinds.map((kind) => t(CASE_KIND_KEYS[kind])).join(", "),
    ],
    [t("CONSOLE_CASES.PAID"), view.paidAt ? formatUsd(view.paidAmountCents) : "—"],
    [
      t("CONSOLE_CASES.TIME_LEFT"),
      view.releaseRemainingMs === null
        ? t("CONSOLE_CASES.NO_COUNTDOWN")
        : t("CONSOLE_CASES.DURATION", daysHours(view.releaseRemainingMs)),
    ],
    [t("CONSOLE_CASES.RELEASE_DATE"), view.moneyReleaseDate ? when.format(new Date(view.moneyReleaseDate)) : "—"],
  ];
  return (
    <dl className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-5">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CaseTimeline({ view }: { view: CaseView }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="case-timeline" className="space-y-2">
      <h2 id="case-timeline" className="text-lg font-semibold">
        {t("CONSOLE_CASES.TIMELINE")}
      </h2>
      <MoneyTable
        caption={t("CONSOLE_CASES.TIMELINE")}
        columns={[
          { label: t("CONSOLE_CASES.WHEN") },
          { label: t("CONSOLE_CASES.EVENT") },
          { label: t("CONSOLE_CASES.WHO") },
          { label: t("CONSOLE_CASES.WHAT") },
        ]}
      >
        {view.timeline.map((event) => (
          <tr key={event.id} className="border-t border-slate-100 align-top">
            <td className="px-4 py-2 whitespace-nowrap">
              <time dateTime={event.at}>{when.format(new Date(event.at))}</time>
            </td>
            <td className="px-4 py-2 font-mono text-xs">
              {event.source} · {event.type}
            </td>
            <td className="px-4 py-2">{event.actor ?? t("CONSOLE_CASES.PLATFORM")}</td>
            <td className="px-4 py-2 break-words whitespace-pre-wrap">{event.summary}</td>
          </tr>
        ))}
      </MoneyTable>
    </section>
  );
}

function CaseLedger({ view }: { view: CaseView }) {
  const { t } = useTranslation();
  if (view.ledger.length === 0) return null;
  return (
    <section aria-labelledby="case-ledger" className="space-y-2">
      <h2 id="case-ledger" className="text-lg font-semibold">
        {t("CONSOLE_CASES.LEDGER")}
      </h2>
      <MoneyTable
        caption={t("CONSOLE_CASES.LEDGER")}
        columns={[
          { label: t("CONSOLE_CASES.WHEN") },
          { label: t("CONSOLE_CASES.LEDGER_KIND") },
          { label: t("CONSOLE_CASES.ACCOUNT") },
          { label: t("CONSOLE_CASES.AMOUNT"), numeric: true },
        ]}
      >
        {view.ledger.map((entry) => (
          <tr key={entry.id} className="border-t border-slate-100">
            <td className="px-4 py-2 whitespace-nowrap">{when.format(new Date(entry.at))}</td>
            <td className="px-4 py-2">{entry.kind}</td>
            <td className="px-4 py-2 font-mono text-xs">{entry.account}</td>
            <td className="px-4 py-2 text-right tabular-nums">
              {entry.amountCents < 0 ? `−${formatUsd(-entry.amountCents)}` : formatUsd(entry.amountCents)}
            </td>
          </tr>
        ))}
      </MoneyTable>
    </section>
  );
}
