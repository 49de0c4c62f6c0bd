import type { FlagQueueRow } from "@market/contracts";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { cx } from "../../../lib/cx";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { MoneyPageHeader } from "../../../ui/money-table";
import { ConsoleList } from "../shell/console-list";
import { AppealPanel } from "./appeal-panel";
import { FlagForm } from "./flag-form";
import { formatFlagTime } from "./flag-time";
import { FLAG_PAGES, type FlagsSearch, flagsInputOf } from "./flags-query";

const route = getRouteApi("/(admin)/admin/flags");

/**
 * The flags queue (issue 36, points 2 and 5): appeals awaiting a decision, oldest first, and the influencers flagged,
 * in either order; keyset-paged. A row opens its flag's panel (the appeal's text and files, the decision); the form
 * above flags an influencer by id or username. The tab, the order and the open flag live in the URL.
 */
export function FlagsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("CONSOLE_FLAGS.TITLE"));
  const search = route.useSearch();
  const navigate = useNavigate();
  const input = flagsInputOf(search);
  const query = trpc.admin.console.flags.list.useInfiniteQuery(input, {
    ...FLAG_PAGES,
    placeholderData: (previous) => previous,
  });
  const rows = (query.data?.pages ?? []).flatMap((page) => page.rows);
  const go = (next: FlagsSearch) => void navigate({ to: "/admin/flags", search: next });
  const appeals = input.tab === "appeals";

  return (
    <div className="space-y-6">
      <MoneyPageHeader title={t("CONSOLE_FLAGS.TITLE")} />
      <FlagForm />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <nav aria-label={t("CONSOLE_FLAGS.TABS")} className="flex gap-1 border-b border-slate-200">
          <TabLink current={appeals} search={{}} label={t("CONSOLE_FLAGS.TAB_APPEALS")} />
          <TabLink current={!appeals} search={{ tab: "flagged" }} label={t("CONSOLE_FLAGS.TAB_FLAGGED")} />
        </nav>
        {!appeals && (
          <label className="text-sm">
            <span className="mr-2 font-medium">{t("CONSOLE_FLAGS.ORDER")}</span>
            <select
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
              value={search.order ?? "oldest"}
              onChange={(event) =>
                go({ tab: "flagged", ...(event.target.value === "newest" ? { order: "newest" } : {}) })
              }
            >
              <option value="oldest">{t("CONSOLE_FLAGS.ORDER_OLDEST")}</option>
              <option value="newest">{t("CONSOLE_FLAGS.ORDER_NEWEST")}</option>
            </select>
          </label>
        )}
      </div>
      <ConsoleList
        query={query}
        count={rows.length}
        loadError={t("CONSOLE_FLAGS.LOAD_ERROR")}
        empty={appeals ? t("CONSOLE_FLAGS.EMPTY_APPEALS") : t("CONSOLE_FLAGS.EMPTY_FLAGGED")}
        more={t("CONSOLE_FLAGS.MORE")}
        caption={appeals ? t("CONSOLE_FLAGS.TAB_APPEALS") : t("CONSOLE_FLAGS.TAB_FLAGGED")}
        columns={[
          { label: t("CONSOLE_FLAGS.INFLUENCER") },
          { label: t("CONSOLE_FLAGS.REASON_COLUMN") },
          { label: t("CONSOLE_FLAGS.FLAGGED_AT") },
          { label: t("CONSOLE_FLAGS.APPEALED_AT") },
          { label: t("CONSOLE_FLAGS.OPEN") },
        ]}
      >
        {rows.map((row) => (
          <FlagRow key={row.id} row={row} onOpen={() => go({ ...search, flag: row.id })} />
        ))}
      </ConsoleList>
      {search.flag !== undefined && (
        <AppealPanel
          flagId={search.flag}
          onClose={() => {
            const { flag: _closed, ...rest } = search;
            go(rest);
          }}
        />
      )}
    </div>
  );
}

function TabLink({ current, search, label }: { current: boolean; search: FlagsSearch; label: string }) {
  return (
    <Link
      to="/admin/flags"
      search={search}
      aria-current={current ? "page" : undefined}
      className={cx(
        "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
        current ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900",
      )}
    >
      {label}
    </Link>
  );
}

function FlagRow({ row, onOpen }: { row: FlagQueueRow; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <tr className="border-t border-slate-100 align-top" data-testid="flag-row">
      <td className="px-4 py-2">
        <span className="font-medium">{row.influencer.username}</span>
        <span className="block text-xs text-slate-600">#{row.influencer.id}</span>
      </td>
      <td className="px-4 py-2">
        {t(`CONSOLE_FLAGS.REASON.${row.reason}`)}
        {row.note && <span className="block text-slate-600">{row.note}</span>}
      </td>
      <td className="px-4 py-2 whitespace-nowrap">
        <time dateTime={row.flaggedAt}>{formatFlagTime(row.flaggedAt)}</time>
        <span className="block text-xs text-slate-600">
          {row.flaggedBy ? `${t("CONSOLE_FLAGS.BY")} ${row.flaggedBy.username}` : t("CONSOLE_FLAGS.NOBODY")}
        </span>
      </td>
      <td className="px-4 py-2 whitespace-nowrap">
        {row.appealedAt ? (
          <time dateTime={row.appealedAt}>{formatFlagTime(row.appealedAt)}</time>
        ) : (
          <span className="text-slate-500">{t("CONSOLE_FLAGS.NOT_APPEALED")}</span>
        )}
      </td>
      <td className="px-4 py-2">
        <Button
          variant="secondary"
          onClick={onOpen}
          aria-label={t("CONSOLE_FLAGS.OPEN_LABEL", { username: row.influencer.username })}
        >
          {t("CONSOLE_FLAGS.OPEN")}
        </Button>
      </td>
    </tr>
  );
}
