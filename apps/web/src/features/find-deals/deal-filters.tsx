import { DEAL_COUNTRIES, EXTRAS, NETWORK_TYPES, PRICE_RANGES, SEARCH_QUERY_MAX_LENGTH } from "@market/contracts";
import { type FormEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "../../lib/country-name";
import { priceRangeLabel } from "../../lib/deal-format";
import { Button } from "../../ui/button";
import { MultiSelect } from "../../ui/multi-select";
import type { DealSearchState } from "./deal-search-state";

interface DealFiltersProps {
  /** The state that applies (the URL's). */
  state: DealSearchState;
  /** The query box's text, which may not apply yet (the page owns it: its other changes apply it too). */
  query: string;
  onQueryChange: (query: string) => void;
  /** A changed list. */
  onChange: (patch: Partial<Omit<DealSearchState, "page">>) => void;
  /** Enter or the Search button: applies the box's query, or runs the search again when it already applies. */
  onSearch: () => void;
  onReset: () => void;
}

/** Named countries in alphabetical order, "other" last (it is the rest of the world, not a name). */
const NAMED_COUNTRIES = DEAL_COUNTRIES.filter((code) => code !== "other")
  .map((code) => ({ value: code, label: countryName(code) }))
  .sort((a, b) => a.label.localeCompare(b.label, "en"));

/**
 * The query and filters of Find deals (spec section 2). A choice in a list applies at once (page 1), along with
 * the typed query; the query also applies on Enter or with the Search button.
 */
export function DealFilters({ state, query, onQueryChange, onChange, onSearch, onReset }: DealFiltersProps) {
  const { t } = useTranslation();
  const queryId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };

  return (
    <form
      aria-label={t("FIND_DEALS.FILTER.TITLE")}
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={queryId} className="text-xs text-slate-500">
            {t("FIND_DEALS.QUERY")}
          </label>
          <input
            id={queryId}
            type="search"
            value={query}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            placeholder={t("FIND_DEALS.QUERY_PLACEHOLDER")}
            onChange={(event) => onQueryChange(event.target.value)}
            className="mt-1 block min-h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
          />
        </div>
        <Button type="submit">{t("FIND_DEALS.SEARCH")}</Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <MultiSelect
          label={t("FIND_DEALS.FILTER.NETWORKS")}
          options={NETWORK_TYPES.map((value) => ({ value, label: t(`NETWORK.${value}`) }))}
          selected={state.networks}
          onChange={(networks) => onChange({ networks })}
        />
        <MultiSelect
          label={t("FIND_DEALS.FILTER.PRICES")}
          options={PRICE_RANGES.map((value) => ({ value, label: priceRangeLabel(value) }))}
          selected={state.prices}
          onChange={(prices) => onChange({ prices })}
        />
        <MultiSelect
          label={t("FIND_DEALS.FILTER.EXTRAS")}
          options={EXTRAS.map((value) => ({ value, label: t(`CAMPAIGN.EXTRA.${value}`) }))}
          selected={state.extras}
          onChange={(extras) => onChange({ extras })}
        />
        <MultiSelect
          label={t("FIND_DEALS.FILTER.COUNTRIES")}
          options={[...NAMED_COUNTRIES, { value: "other" as const, label: t("FIND_DEALS.FILTER.OTHER_COUNTRY") }]}
          selected={state.countries}
          onChange={(countries) => onChange({ countries })}
        />
      </div>
      <Button variant="secondary" onClick={onReset}>
        {t("FIND_DEALS.RESET_FILTERS")}
      </Button>
    </form>
  );
}
