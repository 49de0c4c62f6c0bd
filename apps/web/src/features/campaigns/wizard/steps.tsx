import {
  CAMPAIGN_TEXT_LIMITS,
  CATEGORIES,
  DEAL_COUNTRIES,
  EXTRAS,
  type Extra,
  LANGUAGES,
  NETWORK_TYPES,
  OPTION_ALL,
  PRICE_RANGES,
} from "@market/contracts";
import type { ParseKeys } from "i18next";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "../../../lib/country-name";
import { cx } from "../../../lib/cx";
import { deadlineFromInput, firstSelectableDay, showsDeadlineWarning, toDateInputValue } from "../../../lib/deadline";
import { priceRangeLabel } from "../../../lib/deal-format";
import type { FieldMessage } from "../../../lib/field-errors";
import {
  FieldErrorText,
  FieldFrame,
  INPUT_CLASS,
  SelectField,
  TextAreaField,
  TextField,
} from "../../../ui/form-fields";
import { ImageField } from "./image-field";
import type { WizardImage } from "./images";
import { type CampaignDraft, type DraftField, type StepErrors, toggleOption } from "./wizard-state";

export interface StepProps {
  draft: CampaignDraft;
  errors: StepErrors | undefined;
  set: <K extends DraftField>(field: K, value: CampaignDraft[K]) => void;
}

const messageOf = (errors: StepErrors | undefined, field: DraftField): FieldMessage | undefined => {
  const name = errors?.[field];
  return name ? { key: `NEW_CAMPAIGN.ERRORS.${name}` } : undefined;
};

const CHIP =
  "inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border px-4 py-2 text-sm has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600";

export function NetworksStep({ draft, errors, set }: StepProps) {
  const { t } = useTranslation();
  const id = useId();
  const error = messageOf(errors, "networks");
  return (
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t("NEW_CAMPAIGN.NETWORKS.LEGEND")}</legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {t("NEW_CAMPAIGN.NETWORKS.HINT")}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {NETWORK_TYPES.map((network) => (
          <label key={network} className={cx(CHIP, error ? "border-red-600" : "border-slate-300")}>
            <input
              type="checkbox"
              className="sr-only"
              checked={draft.networks.includes(network)}
              onChange={(event) =>
                set(
                  "networks",
                  event.target.checked
                    ? [...draft.networks.filter((item) => item !== network), network]
                    : draft.networks.filter((item) => item !== network),
                )
              }
            />
            {t(`NETWORK.${network}`)}
          </label>
        ))}
      </div>
      <FieldErrorText id={`${id}-error`} error={error} />
    </fieldset>
  );
}

export function GeneralStep({ draft, errors, set, now }: StepProps & { now: Date }) {
  const { t } = useTranslation();
  const warn = draft.deadline !== null && showsDeadlineWarning(draft.deadline, now);
  return (
    <div className="space-y-4">
      <TextField
        label={t("NEW_CAMPAIGN.GENERAL.TITLE")}
        value={draft.title}
        onValueChange={(value) => set("title", value)}
        maxLength={CAMPAIGN_TEXT_LIMITS.title}
        error={messageOf(errors, "title")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("NEW_CAMPAIGN.GENERAL.CATEGORY")}
          value={draft.category}
          onValueChange={(value) => set("category", value as CampaignDraft["category"])}
          options={CATEGORIES.map((value) => ({ value, label: t(`CATEGORY.${value}`) }))}
          error={messageOf(errors, "category")}
        />
        <SelectField
          label={t("NEW_CAMPAIGN.GENERAL.PRICE")}
          value={draft.price}
          onValueChange={(value) => set("price", value as CampaignDraft["price"])}
          options={PRICE_RANGES.map((value) => ({ value, label: priceRangeLabel(value) }))}
          error={messageOf(errors, "price")}
        />
      </div>
      <FieldFrame
        label={t("NEW_CAMPAIGN.GENERAL.DEADLINE")}
        hint={t("NEW_CAMPAIGN.GENERAL.DEADLINE_HINT")}
        error={messageOf(errors, "deadline")}
      >
        {(control) => (
          <input
            type="date"
            className={cx(INPUT_CLASS, "sm:w-60")}
            min={toDateInputValue(firstSelectableDay(now))}
            value={draft.deadline ? toDateInputValue(draft.deadline) : ""}
            onChange={(event) => set("deadline", deadlineFromInput(event.target.value))}
            {...control}
          />
        )}
      </FieldFrame>
      {warn && (
        <p role="status" data-testid="deadline-warning" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t("NEW_CAMPAIGN.GENERAL.DEADLINE_WARNING")}
        </p>
      )}
      <TextField
        type="url"
        inputMode="url"
        label={t("NEW_CAMPAIGN.GENERAL.LINK")}
        hint={t("NEW_CAMPAIGN.GENERAL.LINK_HINT")}
        placeholder="https://"
        value={draft.link}
        onValueChange={(value) => set("link", value)}
        maxLength={CAMPAIGN_TEXT_LIMITS.link}
        error={messageOf(errors, "link")}
      />
    </div>
  );
}

interface OptionListProps<T extends string> {
  legend: string;
  allLabel: string;
  options: readonly { value: T; label: string }[];
  values: T[];
  onChange: (values: T[]) => void;
  error: FieldMessage | undefined;
}

/** A multiple choice with an "all" entry first; a value can be chosen once only (toggleOption). */
function OptionList<T extends string>({ legend, allLabel, options, values, onChange, error }: OptionListProps<T>) {
  const id = useId();
  const all = [{ value: OPTION_ALL as T, label: allLabel }, ...options];
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {all.map((option) => (
          <label key={option.value} className={cx(CHIP, error ? "border-red-600" : "border-slate-300")}>
            <input
              type="checkbox"
              className="sr-only"
              checked={values.includes(option.value)}
              onChange={(event) => onChange(toggleOption(values, option.value, event.target.checked))}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldErrorText id={`${id}-error`} error={error} />
    </fieldset>
  );
}

export function AudienceStep({ draft, errors, set }: StepProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5">
      <TextAreaField
        label={t("NEW_CAMPAIGN.AUDIENCE.ABOUT")}
        hint={t("NEW_CAMPAIGN.AUDIENCE.ABOUT_HINT")}
        value={draft.aAbout}
        onValueChange={(value) => set("aAbout", value)}
        maxLength={CAMPAIGN_TEXT_LIMITS.aAbout}
        error={messageOf(errors, "aAbout")}
      />
      <OptionList
        legend={t("NEW_CAMPAIGN.AUDIENCE.COUNTRIES")}
        allLabel={t("NEW_CAMPAIGN.AUDIENCE.ALL_COUNTRIES")}
        options={DEAL_COUNTRIES.map((value) => ({
          value,
          label: value === "other" ? t("NEW_CAMPAIGN.AUDIENCE.OTHER_COUNTRY") : countryName(value),
        }))}
        values={draft.aCountries}
        onChange={(values) => set("aCountries", values)}
        error={messageOf(errors, "aCountries")}
      />
      <OptionList
        legend={t("NEW_CAMPAIGN.AUDIENCE.LANGUAGES")}
        allLabel={t("NEW_CAMPAIGN.AUDIENCE.ALL_LANGUAGES")}
        options={LANGUAGES.map((value) => ({ value, label: t(`NEW_CAMPAIGN.AUDIENCE.LANGUAGE.${value}`) }))}
        values={draft.aLanguages}
        onChange={(values) => set("aLanguages", values)}
        error={messageOf(errors, "aLanguages")}
      />
    </div>
  );
}

export function DetailsStep({
  draft,
  errors,
  set,
  updateImages,
}: StepProps & {
  updateImages: (change: (images: readonly WizardImage[]) => readonly WizardImage[]) => void;
}) {
  const { t } = useTranslation();
  const imageError = errors?.images;
  return (
    <div className="space-y-5">
      <TextAreaField
        label={t("NEW_CAMPAIGN.DETAILS.DESCRIPTION")}
        hint={t("NEW_CAMPAIGN.DETAILS.DESCRIPTION_HINT")}
        value={draft.description}
        onValueChange={(value) => set("description", value)}
        maxLength={CAMPAIGN_TEXT_LIMITS.description}
        error={messageOf(errors, "description")}
      />
      <ImageField
        images={draft.images}
        update={updateImages}
        error={imageError ? (`NEW_CAMPAIGN.ERRORS.${imageError}` as ParseKeys) : undefined}
      />
    </div>
  );
}

const EXTRA_TEXT: Record<Extra, "eDiscount" | "eGiveaway" | "eFree"> = {
  discount: "eDiscount",
  giveaway: "eGiveaway",
  free: "eFree",
};

export function ExtraStep({ draft, errors, set }: StepProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-800">{t("NEW_CAMPAIGN.EXTRA.LEGEND")}</legend>
      {EXTRAS.map((extra) => {
        const chosen = draft.extras.includes(extra);
        const field = EXTRA_TEXT[extra];
        return (
          <div key={extra} className="space-y-2">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={chosen}
                onChange={(event) =>
                  set(
                    "extras",
                    event.target.checked
                      ? [...draft.extras.filter((item) => item !== extra), extra]
                      : draft.extras.filter((item) => item !== extra),
                  )
                }
              />
              {t(`NEW_CAMPAIGN.EXTRA.${extra}`)}
            </label>
            {chosen && (
              <TextField
                className="ml-6"
                label={t(`NEW_CAMPAIGN.EXTRA.${field}`)}
                value={draft[field]}
                onValueChange={(value) => set(field, value)}
                maxLength={CAMPAIGN_TEXT_LIMITS.extraText}
                error={messageOf(errors, field)}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
