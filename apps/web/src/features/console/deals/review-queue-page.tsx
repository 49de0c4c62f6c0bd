import { CATEGORIES, type ReviewQueueRow } from "@market/contracts";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../../lib/reasons";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { SelectField, TextField } from "../../../ui/form-fields";
import { MoneyPageHeader } from "../../../ui/money-table";
import { toast } from "../../../ui/toast-store";
import { ConsoleList } from "../shell/console-list";
import { impersonateHref } from "../shell/impersonate-href";
import { RejectDialog } from "./reject-dialog";
import { REVIEW_QUEUE_PAGES, type ReviewQueueSearch, reviewQueueInputOf } from "./review-queue-query";

const route = getRouteApi("/(admin)/admin/deals");

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * The deals awaiting review (issue 36, point 2): live campaigns not reviewed yet, oldest first, keyset-paged, filtered
 * by brand and category in the URL. Each row opens the campaign as its brand, approves it, or rejects it with a
 * reason (a dialog that confirms). Every control is a button, link or field: Tab and Enter reach them all.
 */
export function ReviewQueuePage() {
  const { t } = useTranslation();
  useDocumentTitle(t("CONSOLE_DASHBOARD.DEALS.TITLE"));
  const search = route.useSearch();
  const navigate = useNavigate();
  const query = trpc.admin.console.deals.queue.useInfiniteQuery(reviewQueueInputOf(search), {
    ...REVIEW_QUEUE_PAGES,
    placeholderData: (previous) => previous,
  });
  const rows = (query.data?.pages ?? []).flatMap((page) => page.deals);
  const [rejecting, setRejecting] = useState<ReviewQueueRow | null>(null);
  const filtered = search.brand !== undefined || search.category !== undefined;

  return (
    <div className="space-y-6">
      <MoneyPageHeader title={t("CONSOLE_DASHBOARD.DEALS.TITLE")} />
      <p className="text-slate-700">{t("CONSOLE_DASHBOARD.DEALS.INTRO")}</p>
      <QueueFilters
        key={JSON.stringify(search)}
        search={search}
        onApply={(next) => void navigate({ to: "/admin/deals", search: next })}
      />
      <ConsoleList
        query={query}
        count={rows.length}
        loadError={t("CONSOLE_DASHBOARD.DEALS.LOAD_ERROR")}
        empty={filtered ? t("CONSOLE_DASHBOARD.DEALS.NO_MATCH") : t("CONSOLE_DASHBOARD.DEALS.EMPTY")}
        more={t("CONSOLE_DASHBOARD.DEALS.MORE")}
        caption={t("CONSOLE_DASHBOARD.DEALS.TITLE")}
        columns={[
          { label: t("CONSOLE_DASHBOARD.DEALS.COL_TITLE") },
          { label: t("CONSOLE_DASHBOARD.DEALS.COL_BRAND") },
          { label: t("CONSOLE_DASHBOARD.DEALS.COL_CREATED") },
          { label: t("CONSOLE_DASHBOARD.DEALS.COL_ACTIONS") },
        ]}
      >
        {rows.map((row) => (
          <QueueRow key={row.id} row={row} onReject={() => setRejecting(row)} />
        ))}
      </ConsoleList>
      <RejectDialog deal={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}

function QueueRow({ row, onReject }: { row: ReviewQueueRow; onReject: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const approve = trpc.admin.console.deals.review.useMutation({
    onSuccess: () => {
      toast.success(t("CONSOLE_DASHBOARD.DEALS.APPROVED", { title: row.title }));
      void utils.admin.console.invalidate();
    },
    onError: (error) => {
      const reason = reasonOf(error);
      toast.error(reason === "conflict" ? t("CONSOLE_DASHBOARD.DEALS.STALE") : t(REASON_MESSAGE_KEYS[reason]));
      if (reason === "conflict" || reason === "not_found") void utils.admin.console.invalidate();
    },
  });
  return (
    <tr className="border-t border-slate-100 align-top">
      <td className="px-4 py-2">
        <span className="font-medium">{row.title}</span>
        <span className="block text-sm text-slate-600">{t(`CATEGORY.${row.category}` as "CATEGORY.beauty")}</span>
      </td>
      <td className="px-4 py-2">{row.brand.name}</td>
      <td className="px-4 py-2 whitespace-nowrap">
        <time dateTime={row.created}>{when.format(new Date(row.created))}</time>
      </td>
      <td className="px-4 py-2">
        <div className="flex flex-wrap gap-2">
          <a
            href={impersonateHref("brand", row.brand.id, `/campaigns/${row.id}`)}
            aria-label={t("CONSOLE_DASHBOARD.DEALS.OPEN_AS_BRAND_LABEL", { title: row.title, brand: row.brand.name })}
            className="self-center text-brand-800 underline"
          >
            {t("CONSOLE_DASHBOARD.DEALS.OPEN_AS_BRAND")}
          </a>
          <Button
            variant="secondary"
            aria-label={t("CONSOLE_DASHBOARD.DEALS.APPROVE_LABEL", { title: row.title })}
            disabled={approve.isPending}
            aria-busy={approve.isPending}
            onClick={() => approve.mutate({ id: row.id, decision: "OK" })}
          >
            {t("CONSOLE_DASHBOARD.DEALS.APPROVE")}
          </Button>
          <Button
            variant="secondary"
            className="text-red-800"
            aria-label={t("CONSOLE_DASHBOARD.DEALS.REJECT_LABEL", { title: row.title })}
            disabled={approve.isPending}
            onClick={onReject}
          >
            {t("CONSOLE_DASHBOARD.DEALS.REJECT")}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** The filters as a form: applied together on submit (Enter in the brand field), cleared at once. */
function QueueFilters({ search, onApply }: { search: ReviewQueueSearch; onApply: (next: ReviewQueueSearch) => void }) {
  const { t } = useTranslation();
  const [brand, setBrand] = useState(search.brand ?? "");
  const [category, setCategory] = useState<string>(search.category ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: ReviewQueueSearch = {};
    if (brand.trim()) next.brand = brand.trim();
    const known = CATEGORIES.find((value) => value === category);
    if (known) next.category = known;
    onApply(next);
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t("CONSOLE_DASHBOARD.DEALS.FILTERS")}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3"
    >
      <TextField
        label={t("CONSOLE_DASHBOARD.DEALS.BRAND")}
        type="search"
        value={brand}
        maxLength={100}
        onValueChange={setBrand}
      />
      <SelectField
        label={t("CONSOLE_DASHBOARD.DEALS.CATEGORY")}
        value={category}
        onValueChange={setCategory}
        options={CATEGORIES.map((value) => ({ value, label: t(`CATEGORY.${value}` as "CATEGORY.beauty") }))}
      />
      <div className="flex items-end gap-2">
        <Button type="submit">{t("CONSOLE_DASHBOARD.DEALS.APPLY")}</Button>
        <Button variant="secondary" onClick={() => onApply({})}>
          {t("CONSOLE_DASHBOARD.DEALS.CLEAR")}
        </Button>
      </div>
    </form>
  );
}
