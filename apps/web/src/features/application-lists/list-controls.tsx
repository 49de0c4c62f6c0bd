import {
  type AccountKind,
  APPLICATION_FILTERS,
  APPLICATION_SORTS_BY_KIND,
  type ApplicationFilter,
  SEARCH_QUERY_MAX_LENGTH,
} from "@market/contracts";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";
import { SortSelect } from "../../ui/sort-select";
import type { ApplicationListState } from "./list-state";

interface ListControlsProps {
  kind: AccountKind;
  state: ApplicationListState;
  /** A new search, status or sort. */
  onChange: (patch: Partial<ApplicationListState>) => void;
}

/** The search box (applied on Enter or Search), the status filter and the sort of an applications list. */
export function ListControls({ kind, state, onChange }: ListControlsProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const statusId = useId();
  // The box's text; it follows the URL when that changes (back, Clear filters), and a status or sort chosen
  // meanwhile applies it too, so the box never shows a search the cards ignore.
  const [draft, setDraft] = useState(state.query);
  useEffect(() => setDraft(state.query), [state.query]);
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <form
        aria-label={t("APPLICATIONS.SEARCH_FORM")}
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ query: draft });
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-700">
            {t("APPLICATIONS.SEARCH_LABEL")}
          </label>
          <input
            id={searchId}
            type="search"
            value={draft}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            placeholder={t(`APPLICATIONS.SEARCH_PLACEHOLDER.${kind}`)}
            onChange={(event) => setDraft(event.target.value)}
            className="min-h-10 w-72 max-w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        <Button type="submit" variant="secondary">
          {t("APPLICATIONS.SEARCH")}
        </Button>
      </form>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex items-center gap-2">
          <label htmlFor={statusId} className="text-sm text-slate-600">
            {t("APPLICATIONS.STATUS_LABEL")}
          </label>
          <select
            id={statusId}
            value={state.status}
            // The options are exactly APPLICATION_FILTERS.
            onChange={(event) => onChange({ query: draft, status: event.target.value as ApplicationFilter })}
            className="min-h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            {APPLICATION_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`APPLICATIONS.FILTER.${filter}`)}
              </option>
            ))}
          </select>
        </div>
        <SortSelect
          label={t("APPLICATIONS.SORT_LABEL")}
          value={state.sort}
          options={APPLICATION_SORTS_BY_KIND[kind].map((sort) => ({
            value: sort,
            label: t(`APPLICATIONS.SORT.${sort}`),
          }))}
          onChange={(sort) => onChange({ query: draft, sort })}
        />
      </div>
    </div>
  );
}
