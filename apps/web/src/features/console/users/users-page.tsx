import type { ConsoleUserRow } from "@market/contracts";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { SelectField, TextField } from "../../../ui/form-fields";
import { MoneyPageHeader } from "../../../ui/money-table";
import { ConsoleList } from "../shell/console-list";
import { USERS_PAGES, type UsersSearch, usersInputOf } from "./users-query";

const route = getRouteApi("/(admin)/admin/users/");

export const consoleDate = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/**
 * The console's users (issue 36, point 4): search by id, email, username, company, kind and flag; newest accounts
 * first, 50 at a time. Each row opens the user's page.
 */
export function UsersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("CONSOLE_USERS.TITLE"));
  const search = route.useSearch();
  const navigate = useNavigate();
  const query = trpc.admin.console.users.search.useInfiniteQuery(usersInputOf(search), {
    ...USERS_PAGES,
    placeholderData: (previous) => previous,
  });
  const users = (query.data?.pages ?? []).flatMap((page) => page.users);
  const filtered = search.q !== undefined || search.kind !== undefined || search.flag !== undefined;

  return (
    <div className="space-y-6">
      <MoneyPageHeader title={t("CONSOLE_USERS.TITLE")} />
      <UserFilters
        key={JSON.stringify(search)}
        search={search}
        onApply={(next) => void navigate({ to: "/admin/users", search: next })}
      />
      <ConsoleList
        query={query}
        count={users.length}
        loadError={t("CONSOLE_USERS.LOAD_ERROR")}
        empty={filtered ? t("CONSOLE_USERS.NO_MATCH") : t("CONSOLE_USERS.EMPTY")}
        more={t("CONSOLE_USERS.MORE")}
        caption={t("CONSOLE_USERS.TITLE")}
        columns={[
          { label: t("CONSOLE_USERS.ID"), numeric: true },
          { label: t("CONSOLE_USERS.USER") },
          { label: t("CONSOLE_USERS.KIND") },
          { label: t("CONSOLE_USERS.JOINED") },
          { label: t("CONSOLE_USERS.LAST_LOGIN") },
        ]}
      >
        {users.map((user) => (
          <UserRow key={user.id} user={user} />
        ))}
      </ConsoleList>
    </div>
  );
}

function UserRow({ user }: { user: ConsoleUserRow }) {
  const { t } = useTranslation();
  return (
    <tr className="border-t border-slate-100 align-top">
      <td className="px-4 py-2 text-right tabular-nums">{user.id}</td>
      <td className="px-4 py-2">
        <Link to="/admin/users/$id" params={{ id: String(user.id) }} className="font-medium text-brand-800 underline">
          {user.username}
        </Link>
        <span className="block text-slate-600">{user.email}</span>
        {user.brandName && <span className="block text-slate-600">{user.brandName}</span>}
      </td>
      <td className="px-4 py-2">
        {t(user.kind === "brand" ? "CONSOLE_USERS.KIND_BRAND" : "CONSOLE_USERS.KIND_INFLUENCER")}
        {user.isAdmin && <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs">{t("CONSOLE_USERS.ADMIN")}</span>}
        {user.maybeFake && (
          <span className="ml-2 rounded bg-amber-200 px-1.5 text-xs text-amber-950">{t("CONSOLE_USERS.FLAGGED")}</span>
        )}
      </td>
      <td className="px-4 py-2 whitespace-nowrap">
        <time dateTime={user.createdAt}>{consoleDate.format(new Date(user.createdAt))}</time>
      </td>
      <td className="px-4 py-2 whitespace-nowrap">
        {user.lastLoginAt ? (
          <time dateTime={user.lastLoginAt}>{consoleDate.format(new Date(user.lastLoginAt))}</time>
        ) : (
          <span className="text-slate-500">{t("CONSOLE_USERS.NEVER")}</span>
        )}
      </td>
    </tr>
  );
}

/** The search as a form: applied on submit (Enter in the box), cleared at once. */
function UserFilters({ search, onApply }: { search: UsersSearch; onApply: (next: UsersSearch) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState(search.q ?? "");
  const [kind, setKind] = useState<string>(search.kind ?? "");
  const [flagged, setFlagged] = useState(search.flag === "maybe_fake");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: UsersSearch = {};
    if (q.trim()) next.q = q.trim();
    if (kind === "brand" || kind === "influencer") next.kind = kind;
    if (flagged) next.flag = "maybe_fake";
    onApply(next);
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t("CONSOLE_USERS.SEARCH")}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-4"
    >
      <TextField
        className="sm:col-span-2"
        label={t("CONSOLE_USERS.QUERY")}
        hint={t("CONSOLE_USERS.QUERY_HINT")}
        type="search"
        value={q}
        maxLength={120}
        onValueChange={setQ}
      />
      <SelectField
        label={t("CONSOLE_USERS.KIND")}
        value={kind}
        onValueChange={setKind}
        options={[
          { value: "", label: t("CONSOLE_USERS.KIND_ANY") },
          { value: "brand", label: t("CONSOLE_USERS.KIND_BRAND") },
          { value: "influencer", label: t("CONSOLE_USERS.KIND_INFLUENCER") },
        ]}
      />
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input type="checkbox" checked={flagged} onChange={(event) => setFlagged(event.target.checked)} />
        {t("CONSOLE_USERS.ONLY_FLAGGED")}
      </label>
      <div className="flex items-end gap-2 sm:col-span-4">
        <Button type="submit">{t("CONSOLE_USERS.APPLY")}</Button>
        <Button variant="secondary" onClick={() => onApply({})}>
          {t("CONSOLE_USERS.CLEAR")}
        </Button>
      </div>
    </form>
  );
}
