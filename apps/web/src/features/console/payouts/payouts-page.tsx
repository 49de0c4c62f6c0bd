import {
  CONSOLE_PAYOUT_STATES,
  type ConsolePayoutState,
  type ConsolePayoutView,
  formatUsd,
  PAYOUT_METHOD_LABELS,
  PAYOUT_PROVIDER_NAMES,
} from "@market/contracts";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../lib/cx";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { SelectField, TextField } from "../../../ui/form-fields";
import { MoneyPageHeader } from "../../../ui/money-table";
import { ConsoleList } from "../shell/console-list";
import { impersonateHref } from "../shell/impersonate-href";
import { type PayoutAction, PayoutActionDialog } from "./payout-action-dialog";
import { PAYOUT_PAGES, type PayoutsSearch, payoutsInputOf } from "./payouts-query";
import { usePayoutAction } from "./use-payout-action";

const route = getRouteApi("/(admin)/admin/payouts/");

export const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * The payouts queue (issue 36, point 2): failed, held and stuck payouts, one state a tab, oldest first; Retry and
 * Mark failed, each confirmed with a reason; a payout's detail one click away. Filters live in the URL.
 */
export function PayoutsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("CONSOLE_PAYOUTS.TITLE"));
  const search = route.useSearch();
  const navigate = useNavigate();
  const input = payoutsInputOf(search);
  const counts = trpc.admin.console.payouts.counts.useQuery();
  const query = trpc.admin.console.payouts.list.useInfiniteQuery(input, {
    ...PAYOUT_PAGES,
    placeholderData: (previous) => previous,
  });
  const items = (query.data?.pages ?? []).flatMap((page) => page.items);
  const payoutAction = usePayoutAction();

  return (
    <div className="space-y-6">
      <MoneyPageHeader title={t("CONSOLE_PAYOUTS.TITLE")} />
      <StateTabs current={input.state ?? "failed"} search={search} counts={counts.data} />
      <PayoutFilters
        key={JSON.stringify(search)}
        search={search}
        onApply={(next) => void navigate({ to: "/admin/payouts", search: next })}
      />
      <ConsoleList
        query={query}
        count={items.length}
        loadError={t("CONSOLE_PAYOUTS.LOAD_ERROR")}
        empty={search.provider || search.username ? t("CONSOLE_PAYOUTS.NO_MATCH") : t("CONSOLE_PAYOUTS.EMPTY")}
        more={t("CONSOLE_PAYOUTS.MORE")}
        caption={t("CONSOLE_PAYOUTS.TITLE")}
        columns={[
          { label: t("CONSOLE_PAYOUTS.INFLUENCER") },
          { label: t("CONSOLE_PAYOUTS.AMOUNT"), numeric: true },
          { label: t("CONSOLE_PAYOUTS.DESTINATION") },
          { label: t("CONSOLE_PAYOUTS.SINCE") },
          { label: t("CONSOLE_PAYOUTS.WHY") },
          { label: t("CONSOLE_PAYOUTS.ACTIONS") },
        ]}
      >
        {items.map((item) => (
          <PayoutRow
            key={item.id}
            item={item}
            onAct={(action) =>
              payoutAction.start(action, {
                id: item.id,
                amountCents: item.amountCents,
                username: item.influencer.username,
                state: item.state,
              })
            }
          />
        ))}
      </ConsoleList>
      <PayoutActionDialog {...payoutAction.dialog} />
    </div>
  );
}

function StateTabs({
  current,
  search,
  counts,
}: {
  current: ConsolePayoutState;
  search: PayoutsSearch;
  counts: Record<ConsolePayoutState, number> | undefined;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("CONSOLE_PAYOUTS.STATES")} className="flex flex-wrap gap-2">
      {CONSOLE_PAYOUT_STATES.map((state) => (
        <Link
          key={state}
          to="/admin/payouts"
          search={{ ...search, state }}
          aria-current={state === current ? "page" : undefined}
          className={cx(
            "rounded-full border px-4 py-1.5 text-sm font-medium",
            state === current
              ? "border-brand-700 bg-brand-700 text-white"
              : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
          )}
        >
          {t(`CONSOLE_PAYOUTS.STATE_${state}`)}
          {counts && <span className="ml-2 tabular-nums">{counts[state]}</span>}
        </Link>
      ))}
    </nav>
  );
}

function PayoutRow({ item, onAct }: { item: ConsolePayoutView; onAct: (action: PayoutAction) => void }) {
  const { t } = useTranslation();
  const why = item.failure
    ? `${t(`CONSOLE_PAYOUTS.FAILURE_${item.failure.reason}`)}${item.failure.message ? `: ${item.failure.message}` : ""}`
    : (item.holdReason ?? t("CONSOLE_PAYOUTS.NO_ANSWER", { provider: t(`CONSOLE_PAYOUTS.PROVIDER_${item.provider}`) }));
  return (
    <tr className="border-t border-slate-100 align-top" data-testid={`payout-${item.id}`}>
      <td className="px-4 py-2">
        <span className="font-medium">{item.influencer.username}</span>
        <span className="block text-slate-600">{item.influencer.email}</span>
        <a className="text-brand-700 underline" href={impersonateHref("influencer", item.influencer.id, "/earnings")}>
          {t("CONSOLE_PAYOUTS.ACT_AS", { username: item.influencer.username })}
        </a>
      </td>
      <td className="px-4 py-2 text-right tabular-nums">{formatUsd(item.amountCents)}</td>
      <td className="px-4 py-2">
        {PAYOUT_METHOD_LABELS[item.method]} · {t(`CONSOLE_PAYOUTS.PROVIDER_${item.provider}`)}
        <span className="block break-all text-slate-600">{item.destination}</span>
      </td>
      <td className="px-4 py-2 whitespace-nowrap">
        <time dateTime={item.since}>{when.format(new Date(item.since))}</time>
        {item.attempts > 0 && (
          <span className="block text-slate-600">{t("CONSOLE_PAYOUTS.ATTEMPTS", { count: item.attempts })}</span>
        )}
      </td>
      <td className="px-4 py-2">{why}</td>
      <td className="px-4 py-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => onAct("retry")}>
            {item.state === "failed" ? t("CONSOLE_PAYOUTS.RETRY") : t("CONSOLE_PAYOUTS.REPOLL")}
          </Button>
          {item.state !== "failed" && (
            <Button variant="secondary" onClick={() => onAct("markFailed")}>
              {t("CONSOLE_PAYOUTS.MARK_FAILED")}
            </Button>
          )}
          <Button asChild variant="ghost">
            <Link to="/admin/payouts/$payoutId" params={{ payoutId: String(item.id) }}>
              {t("CONSOLE_PAYOUTS.DETAILS", { id: item.id })}
            </Link>
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** The filters as a form: applied together on submit (Enter in the username field), cleared at once. */
function PayoutFilters({ search, onApply }: { search: PayoutsSearch; onApply: (next: PayoutsSearch) => void }) {
  const { t } = useTranslation();
  const [provider, setProvider] = useState<string>(search.provider ?? "");
  const [username, setUsername] = useState(search.username ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: PayoutsSearch = { state: search.state };
    if (provider) next.provider = provider as PayoutsSearch["provider"];
    if (username.trim()) next.username = username.trim();
    onApply(next);
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t("CONSOLE_PAYOUTS.FILTERS")}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3"
    >
      <SelectField
        label={t("CONSOLE_PAYOUTS.FILTER_PROVIDER")}
        value={provider}
        onValueChange={setProvider}
        options={PAYOUT_PROVIDER_NAMES.map((name) => ({ value: name, label: t(`CONSOLE_PAYOUTS.PROVIDER_${name}`) }))}
      />
      <TextField label={t("CONSOLE_PAYOUTS.FILTER_USERNAME")} value={username} onValueChange={setUsername} />
      <div className="flex items-end gap-2">
        <Button type="submit">{t("CONSOLE_PAYOUTS.APPLY")}</Button>
        <Button variant="secondary" onClick={() => onApply({ state: search.state })}>
          {t("CONSOLE_PAYOUTS.CLEAR")}
        </Button>
      </div>
    </form>
  );
}
