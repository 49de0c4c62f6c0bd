import { AGE_FILTER, CATEGORIES, type Category, COUNTRY_CODES } from "@market/contracts";
import { Slider } from "radix-ui";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "../../lib/country-name";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { toast } from "../../ui/toast-store";
import {
  femalePercent,
  initialOnboardingForm,
  type OnboardingField,
  type OnboardingFormValues,
  toOnboardingInput,
} from "./onboarding-form";

const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name, "en"),
);

const LABEL_CLASS = "block text-sm font-medium text-slate-800";
const FIELD_CLASS =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-invalid:border-red-600";

/**
 * The influencer's onboarding (spec section 2): an inline profile form, category, city, country and the
 * audience's gender share and age range, with Later and Save.
 */
export function InfluencerOnboardingForm({ onLater, onSaved }: { onLater: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<OnboardingFormValues>(initialOnboardingForm);
  const [invalid, setInvalid] = useState<readonly OnboardingField[]>([]);
  const save = trpc.account.saveOnboardingProfile.useMutation();
  const error = save.isError ? t(REASON_MESSAGE_KEYS[reasonOf(save.error)]) : null;
  const set = <K extends keyof OnboardingFormValues>(key: K, value: OnboardingFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const invalidProps = (field: OnboardingField) =>
    invalid.includes(field) ? { "aria-invalid": true, "aria-describedby": `${id}-invalid` } : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = toOnboardingInput(values);
    setInvalid(checked.ok ? [] : checked.fields);
    if (!checked.ok) return;
    save.mutate(checked.input, {
      onSuccess: () => {
        toast.success(t("ONBOARDING.INFLUENCER.SAVED"));
        onSaved();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <p className="text-slate-700">{t("ONBOARDING.INFLUENCER.INTRO")}</p>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-category`} className={LABEL_CLASS}>
            {t("ONBOARDING.INFLUENCER.CATEGORY")}
          </label>
          <select
            id={`${id}-category`}
            className={FIELD_CLASS}
            value={values.category}
            onChange={(event) => set("category", event.target.value as Category | "")}
            {...invalidProps("category")}
          >
            <option value="">{t("ONBOARDING.INFLUENCER.CHOOSE")}</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`CATEGORY.${category}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-city`} className={LABEL_CLASS}>
            {t("ONBOARDING.INFLUENCER.CITY")}
          </label>
          <input
            id={`${id}-city`}
            type="text"
            autoComplete="address-level2"
            className={FIELD_CLASS}
            value={values.city}
            onChange={(event) => set("city", event.target.value)}
            {...invalidProps("city")}
          />
        </div>
        <div>
          <label htmlFor={`${id}-country`} className={LABEL_CLASS}>
            {t("ONBOARDING.INFLUENCER.COUNTRY")}
          </label>
          <select
            id={`${id}-country`}
            className={FIELD_CLASS}
            autoComplete="country"
            value={values.country}
            onChange={(event) => set("country", event.target.value)}
            {...invalidProps("country")}
          >
            <option value="">{t("ONBOARDING.INFLUENCER.CHOOSE")}</option>
            {COUNTRIES.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t("ONBOARDING.INFLUENCER.AUDIENCE_GENDER")}</legend>
        <p className="text-sm text-slate-700" aria-hidden="true">
          {t("ONBOARDING.INFLUENCER.GENDER_SHARE", { males: values.males, females: femalePercent(values.males) })}
        </p>
        <Slider.Root
          className={SLIDER_CLASS}
          min={0}
          max={100}
          step={1}
          value={[values.males]}
          onValueChange={([males]) => {
            if (males !== undefined) set("males", males);
          }}
        >
          <SliderTrack />
          <Slider.Thumb
            className={THUMB_CLASS}
            aria-label={t("ONBOARDING.INFLUENCER.MALE_PERCENT")}
            aria-valuetext={t("ONBOARDING.INFLUENCER.GENDER_SHARE", {
              males: values.males,
              females: femalePercent(values.males),
            })}
            {...invalidProps("males")}
          />
        </Slider.Root>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t("ONBOARDING.INFLUENCER.AUDIENCE_AGE")}</legend>
        <p className="text-sm text-slate-700" aria-hidden="true">
          {t("ONBOARDING.INFLUENCER.AGE_RANGE", { min: values.ages[0], max: values.ages[1] })}
        </p>
        <Slider.Root
          className={SLIDER_CLASS}
          min={AGE_FILTER.min}
          max={AGE_FILTER.max}
          step={1}
          value={values.ages}
          onValueChange={([min, max]) => {
            if (min !== undefined && max !== undefined) set("ages", [min, max]);
          }}
        >
          <SliderTrack />
          <Slider.Thumb
            className={THUMB_CLASS}
            aria-label={t("ONBOARDING.INFLUENCER.MIN_AGE")}
            {...invalidProps("ages")}
          />
          <Slider.Thumb
            className={THUMB_CLASS}
            aria-label={t("ONBOARDING.INFLUENCER.MAX_AGE")}
            {...invalidProps("ages")}
          />
        </Slider.Root>
      </fieldset>

      {invalid.length > 0 && (
        <p id={`${id}-invalid`} role="alert" className="text-sm text-red-700">
          {t("GLOBAL.INVALID")}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onLater} disabled={save.isPending}>
          {t("ONBOARDING.LATER")}
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? t("ONBOARDING.INFLUENCER.SAVING") : t("ONBOARDING.INFLUENCER.SAVE")}
        </Button>
      </div>
    </form>
  );
}

const SLIDER_CLASS = "relative flex h-6 w-full touch-none items-center select-none";
const THUMB_CLASS = "block size-5 rounded-full border-2 border-brand-700 bg-white shadow";

function SliderTrack() {
  return (
    <Slider.Track className="relative h-1.5 grow rounded-full bg-slate-200">
      <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
    </Slider.Track>
  );
}
