import type { AuditEntryView } from "@market/contracts";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/form-fields";
import { MoneyPageHeader, StatementLink } from "../../../ui/money-table";
import { ConsoleList } from "../shell/console-list";
import { AUDIT_PAGES, type AuditSearch, auditCsvHref, auditInputOf } from "./audit-query";

const route = getRouteApi("/(admin)/admin/audit");

const FILTERS = ["action", "adminId", "userId", "targetType", "targetId", "from", "to"] as const;

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/**
 * The audit view (issue 36, point 6): every admin action, newest first, with who, acting as whom, what, on which
 * object, when and why; filters in the URL, the same filters as a CSV download. Nothing here edits a record.
 */
export function AuditPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("CONSOLE_AUDIT.TITLE"));
  const search = route.useSearch();
  const navigate = useNavigate();
  const query = trpc.admin.console.audit.list.useInfiniteQuery(auditInputOf(search), {
    ...AUDIT_PAGES,
    placeholderData: (previous) => previous,
  });
  const entries = (query.data?.pages ?? []).flatMap((page) => page.entries);
  const filtered = FILTERS.some((field) => search[field] !== undefined);

  return (
    <div className="space-y-6">
      <MoneyPageHeader title={t("CONSOLE_AUDIT.TITLE")}>
        <StatementLink href={auditCsvHref(search)}>{t("CONSOLE_AUDIT.DOWNLOAD_CSV")}</StatementLink>
      </MoneyPageHeader>
      <AuditFilters
        key={JSON.stringify(search)}
        search={search}
        onApply={(next) => void navigate({ to: "/admin/audit", search: next })}
      />
      <ConsoleList
        query={query}
        count={entries.length}
        loadError={t("CONSOLE_AUDIT.LOAD_ERROR")}
        empty={filtered ? t("CONSOLE_AUDIT.NO_MATCH") : t("CONSOLE_AUDIT.EMPTY")}
        more={t("CONSOLE_AUDIT.MORE")}
        caption={t("CONSOLE_AUDIT.TITLE")}
        columns={[
          { label: t("CONSOLE_AUDIT.WHEN") },
          { label: t("CONSOLE_AUDIT.ADMIN") },
          { label: t("CONSOLE_AUDIT.ACTION") },
          { label: t("CONSOLE_AUDIT.OBJECT") },
          { label: t("CONSOLE_AUDIT.REASON") },
        ]}
      >
        {entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </ConsoleList>
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation();
  return (
    <tr className="border-t border-slate-100 align-top">
      <td className="px-4 py-2 whitespace-nowrap">
        <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
      </td>
      <td className="px-4 py-2">
        {entry.admin.username}
        {entry.actingAs && (
          <span className="block text-slate-600">
            {t("CONSOLE_AUDIT.ACTING_AS", { username: entry.actingAs.username })}
          </span>
        )}
      </td>
      <td className="px-4 py-2 font-mono text-xs">{entry.action}</td>
      <td className="px-4 py-2">{entry.targetType ? `${entry.targetType} ${entry.targetId ?? ""}` : "—"}</td>
      <td className="px-4 py-2">
        {entry.reason ?? <span className="text-slate-500">{t("CONSOLE_AUDIT.NO_REASON")}</span>}
        {entry.details && (
          <span className="block break-all font-mono text-xs text-slate-600">{JSON.stringify(entry.details)}</span>
        )}
      </td>
    </tr>
  );
}

/** The filters as a form: applied together on submit (Enter in any field), cleared at once. */
function AuditFilters({ search, onApply }: { search: AuditSearch; onApply: (next: AuditSearch) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Record<(typeof FILTERS)[number], string>>(
    () =>
      Object.fromEntries(FILTERS.map((field) => [field, search[field] ?? ""])) as Record<
        (typeof FILTERS)[number],
        string
      >,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: AuditSearch = {};
    for (const field of FILTERS) {
      const value = draft[field].trim();
      if (value) next[field] = value;
    }
    onApply(next);
  };
  const field = (name: (typeof FILTERS)[number], type = "text") => (
    <TextField
      key={name}
      label={t(`CONSOLE_AUDIT.FILTER_${name.toUpperCase()}` as "CONSOLE_AUDIT.FILTER_ACTION")}
      type={type}
      value={draft[name]}
      onValueChange={(value) => setDraft((current) => ({ ...current, [name]: value }))}
    />
  );
  return (
    <form
      onSubmit={submit}
      aria-label={t("CONSOLE_AUDIT.FILTERS")}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-4"
    >
      {field("action")}
      {field("adminId")}
      {field("userId")}
      {field("targetType")}
      {field("targetId")}
      {field("from", "date")}
      {field("to", "date")}
      <div className="flex items-end gap-2">
        <Button type="submit">{t("CONSOLE_AUDIT.APPLY")}</Button>
        <Button variant="secondary" onClick={() => onApply({})}>
          {t("CONSOLE_AUDIT.CLEAR")}
        </Button>
      </div>
    </form>
  );
}
