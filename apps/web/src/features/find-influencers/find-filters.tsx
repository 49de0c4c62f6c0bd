import {
  AGE_FILTER,
  CATEGORIES,
  COUNTRY_CODES,
  ENGAGEMENT_LEVELS,
  GENDERS,
  type Gender,
  NETWORK_TYPES,
  SEARCH_QUERY_MAX_LENGTH,
} from "@market/contracts";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "../../lib/country-name";
import { Button } from "../../ui/button";
import { MultiSelect } from "../../ui/multi-select";
import { DESKTOP_ONLY_NOTICE_ID } from "./desktop-only-notice";
import { type FindState, QUALITY_STEPS } from "./find-state";
import { FOLLOWERS_LAST_POSITION, followersAt, followersLabel, positionOf } from "./followers-slider";
import { RangeSlider } from "./range-slider";
import type { FilterChanges } from "./use-filter-changes";

/** Engagement levels listed from high to low, as the spec names them. */
const ENGAGEMENT_ORDER = [...ENGAGEMENT_LEVELS].reverse();

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, "en");
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort(byLabel);

interface FindFiltersProps {
  state: FindState;
  /** How the controls change the state (use-filter-changes.ts). */
  changes: FilterChanges;
  /** Runs the current search again (the Search button with an unchanged keyword). */
  onSearch: () => void;
  /** Desktop-only: every control is disabled at a window width of 900 or less. */
  disabled: boolean;
}

/**
 * The filters of spec section 2. A choice in a list or a gender applies at once (page 1), a slider once it stops
 * moving; the keyword applies on Enter or with the Search button.
 */
export function FindFilters({ state, changes, onSearch, disabled }: FindFiltersProps) {
  const { t } = useTranslation();
  const keywordId = useId();
  const genderId = useId();
  const qualityId = useId();
  const [keyword, setKeyword] = useState(state.query);
  useEffect(() => setKeyword(state.query), [state.query]);

  const change = changes.apply;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    if (keyword.trim() === state.query.trim() && !changes.settling) onSearch();
    else change({ query: keyword.trim() });
  };

  return (
    <form
      aria-label={t("FIND.FILTER.TITLE")}
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <fieldset
        disabled={disabled}
        aria-describedby={disabled ? DESKTOP_ONLY_NOTICE_ID : undefined}
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-4"
      >
        <legend className="sr-only">{t("FIND.FILTER.TITLE")}</legend>
        <MultiSelect
          label={t("FIND.FILTER.CATEGORY")}
          options={CATEGORIES.map((value) => ({ value, label: t(`CATEGORY.${value}`) }))}
          selected={state.categories}
          onChange={(categories) => change({ categories })}
          disabled={disabled}
        />
        <MultiSelect
          label={t("FIND.FILTER.NETWORK")}
          options={NETWORK_TYPES.map((value) => ({ value, label: t(`NETWORK.${value}`) }))}
          selected={state.networks}
          onChange={(networks) => change({ networks })}
          disabled={disabled}
        />
        <MultiSelect
          label={t("FIND.FILTER.ENGAGEMENT")}
          options={ENGAGEMENT_ORDER.map((value) => ({ value, label: t(`FIND.ENGAGEMENT.${value}`) }))}
          selected={state.engagements}
          onChange={(engagements) => change({ engagements })}
          disabled={disabled}
        />
        <MultiSelect
          label={t("FIND.FILTER.COUNTRY")}
          options={COUNTRY_OPTIONS}
          selected={state.countries}
          onChange={(countries) => change({ countries })}
          disabled={disabled}
        />
        <RangeSlider
          label={t("FIND.FILTER.FOLLOWERS")}
          min={0}
          max={FOLLOWERS_LAST_POSITION}
          value={[positionOf(changes.ranges.followers[0]), positionOf(changes.ranges.followers[1])]}
          format={(position) => followersLabel(followersAt(position))}
          thumbLabels={[t("FIND.FILTER.FOLLOWERS_MIN"), t("FIND.FILTER.FOLLOWERS_MAX")]}
          onCommit={([lo, hi]) => changes.settle({ followers: [followersAt(lo), followersAt(hi)] })}
          disabled={disabled}
        />
        <RangeSlider
          label={t("FIND.FILTER.AGE")}
          min={AGE_FILTER.min}
          max={AGE_FILTER.max}
          value={changes.ranges.ages}
          format={String}
          thumbLabels={[t("FIND.FILTER.AGE_MIN"), t("FIND.FILTER.AGE_MAX")]}
          onCommit={(ages) => changes.settle({ ages })}
          disabled={disabled}
        />
        <div>
          <label htmlFor={genderId} className="text-xs text-slate-500">
            {t("FIND.FILTER.GENDER")}
          </label>
          <select
            id={genderId}
            value={state.gender}
            onChange={(event) => change({ gender: event.target.value as Gender | "any" })}
            className="mt-1 block min-h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="any">{t("FIND.FILTER.GENDER_ANY")}</option>
            {GENDERS.map((value) => (
              <option key={value} value={value}>
                {t(`FIND.GENDER.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={qualityId} className="text-xs text-slate-500">
            {t("FIND.FILTER.QUALITY")}
          </label>
          <select
            id={qualityId}
            value={state.minQuality}
            onChange={(event) => change({ minQuality: Number(event.target.value) })}
            className="mt-1 block min-h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            {QUALITY_STEPS.map((score) => (
              <option key={score} value={score}>
                {score === 0 ? t("FIND.FILTER.QUALITY_ANY") : t("FIND.FILTER.QUALITY_MIN", { score })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={keywordId} className="text-xs text-slate-500">
            {t("FIND.FILTER.KEYWORD")}
          </label>
          <input
            id={keywordId}
            type="search"
            value={keyword}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            onChange={(event) => setKeyword(event.target.value)}
            className="mt-1 block min-h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
          />
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={disabled} aria-describedby={disabled ? DESKTOP_ONLY_NOTICE_ID : undefined}>
          {t("FIND.SEARCH")}
        </Button>
        <Button variant="secondary" disabled={disabled} onClick={changes.reset}>
          {t("FIND.RESET_FILTERS")}
        </Button>
      </div>
    </form>
  );
}
