import { CASE_KINDS, type CaseQueueItem } from "@market/contracts";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { SelectField, TextField } from "../../../ui/form-fields";
import { MoneyPageHeader } from "../../../ui/money-table";
import { ConsoleList } from "../shell/console-list";
import { CaseDuration } from "./case-duration";
import { CASE_KIND_KEYS, CASES_PAGES, type CasesSearch, casesInputOf } from "./cases-query";

const route = getRouteApi("/(admin)/admin/cases/");

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * The cases queue (issue 36, point 2): the brands' contests of work done and the requests for arbitration no admin
 * has decided, oldest first, each with how long it has waited and the paused countdown's time left (the money the
 * influencer gets once the case closes). A row opens the case's page.
 */
export function CasesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("CONSOLE_CASES.TITLE"));
  const search = route.useSearch();
  const navigate = useNavigate();
  const query = trpc.admin.console.cases.list.useInfiniteQuery(casesInputOf(search), {
    ...CASES_PAGES,
    placeholderData: (previous) => previous,
  });
  const items = (query.data?.pages ?? []).flatMap((page) => page.items);
  const filtered = search.kind !== undefined || search.party !== undefined;

  return (
    <div className="space-y-6">
      <MoneyPageHeader title={t("CONSOLE_CASES.TITLE")} />
      <CasesFilters
        key={JSON.stringify(search)}
        search={search}
        onApply={(next) => void navigate({ to: "/admin/cases", search: next })}
      />
      <ConsoleList
        query={query}
        count={items.length}
        loadError={t("CONSOLE_CASES.LOAD_ERROR")}
        empty={filtered ? t("CONSOLE_CASES.NO_MATCH") : t("CONSOLE_CASES.EMPTY")}
        more={t("CONSOLE_CASES.MORE")}
        caption={t("CONSOLE_CASES.TITLE")}
        columns={[
          { label: t("CONSOLE_CASES.CASE") },
          { label: t("CONSOLE_CASES.KIND") },
          { label: t("CONSOLE_CASES.PARTIES") },
          { label: t("CONSOLE_CASES.OPENED") },
          { label: t("CONSOLE_CASES.TIME_LEFT") },
        ]}
      >
        {items.map((item) => (
          <CaseRow key={item.applicationId} item={item} />
        ))}
      </ConsoleList>
    </div>
  );
}

function CaseRow({ item }: { item: CaseQueueItem }) {
  const { t } = useTranslation();
  const waited = Date.now() - Date.parse(item.openedAt);
  return (
    <tr className="border-t border-slate-100 align-top">
      <td className="px-4 py-2">
        <Link
          to="/admin/cases/$applicationId"
          params={{ applicationId: String(item.applicationId) }}
          className="font-medium text-indigo-700 underline"
        >
          {t("CONSOLE_CASES.CASE_LINK", { id: item.applicationId, title: item.dealTitle })}
        </Link>
      </td>
      <td className="px-4 py-2">{item.kinds.map((kind) => t(CASE_KIND_KEYS[kind])).join(", ")}</td>
      <td className="px-4 py-2">
        {t("CONSOLE_CASES.BRAND_VS_INFLUENCER", { brand: item.brand.username, influencer: item.influencer.username })}
      </td>
      <td className="px-4 py-2 whitespace-nowrap">
        <time dateTime={item.openedAt}>{when.format(new Date(item.openedAt))}</time>
        <span className="block text-slate-600">
          {t("CONSOLE_CASES.WAITING")} <CaseDuration ms={waited} />
        </span>
      </td>
      <td className="px-4 py-2 whitespace-nowrap">
        {item.releaseRemainingMs === null ? (
          <span className="text-slate-600">{t("CONSOLE_CASES.NO_COUNTDOWN")}</span>
        ) : (
          <>
            <CaseDuration ms={item.releaseRemainingMs} />
            <span className="block text-slate-600">{t("CONSOLE_CASES.COUNTDOWN_PAUSED")}</span>
          </>
        )}
      </td>
    </tr>
  );
}

/** The filters as a form: applied together on submit (Enter in the field), cleared at once. */
function CasesFilters({ search, onApply }: { search: CasesSearch; onApply: (next: CasesSearch) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<string>(search.kind ?? "");
  const [party, setParty] = useState(search.party ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: CasesSearch = {};
    const chosen = CASE_KINDS.find((candidate) => candidate === kind);
    if (chosen) next.kind = chosen;
    if (party.trim()) next.party = party.trim();
    onApply(next);
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t("CONSOLE_CASES.FILTERS")}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3"
    >
      <SelectField
        label={t("CONSOLE_CASES.KIND")}
        value={kind}
        onValueChange={setKind}
        options={CASE_KINDS.map((value) => ({ value, label: t(CASE_KIND_KEYS[value]) }))}
      />
      <TextField label={t("CONSOLE_CASES.PARTY")} value={party} onValueChange={setParty} maxLength={60} />
      <div className="flex items-end gap-2">
        <Button type="submit">{t("CONSOLE_CASES.APPLY")}</Button>
        <Button variant="secondary" onClick={() => onApply({})}>
          {t("CONSOLE_CASES.CLEAR")}
        </Button>
      </div>
    </form>
  );
}
