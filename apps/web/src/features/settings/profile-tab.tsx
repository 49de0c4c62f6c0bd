import { AGE_FILTER, brandProfileInput, CATEGORIES, type Category, influencerProfileInput } from "@market/contracts";
import { Slider } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldMessage } from "../../lib/field-errors";
import { FormErrorText, SelectField, TextAreaField, TextField } from "../../ui/form-fields";
import { useCountryOptions } from "./country-options";
import { femalePercent, type InfluencerProfileValues, influencerProfileData, influencerProfileValues } from "./forms";
import { InterestsField } from "./interests-field";
import { PictureUpload } from "./picture-upload";
import { Section } from "./query-state";
import { SaveButton } from "./save-button";
import { type BrandSettings, type InfluencerSettings, WithSettings } from "./use-settings";
import { useSettingsForm } from "./use-settings-form";

/** Profile tab: the picture, then the brand's public identity or the influencer's profile and audience. */
export function ProfileTab() {
  const { t } = useTranslation();
  return (
    <WithSettings>
      {(settings) => (
        <div className="space-y-6">
          <Section title={t("SETTINGS.PICTURE.TITLE")}>
            <PictureUpload username={settings.user.username} picture={settings.user.picture} />
          </Section>
          {settings.kind === "brand" ? (
            <BrandProfileForm profile={settings.profile} />
          ) : (
            <InfluencerProfileForm profile={settings.profile} />
          )}
        </div>
      )}
    </WithSettings>
  );
}

const BRAND_FIELDS = ["brandName", "about"] as const;

function BrandProfileForm({ profile }: { profile: BrandSettings["profile"] }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(profile);
  const form = useSettingsForm({ field: "profile", schema: brandProfileInput, fields: BRAND_FIELDS });
  return (
    <form ref={form.formRef} onSubmit={form.submit(values)} noValidate>
      <Section title={t("SETTINGS.TAB.profile")}>
        <TextField
          label={t("SETTINGS.PROFILE.BRAND_NAME")}
          value={values.brandName}
          onValueChange={(brandName) => setValues({ ...values, brandName })}
          autoComplete="organization"
          required
          error={form.errors.brandName}
        />
        <TextAreaField
          label={t("SETTINGS.PROFILE.ABOUT")}
          hint={t("SETTINGS.PROFILE.ABOUT_BRAND_HINT")}
          value={values.about}
          onValueChange={(about) => setValues({ ...values, about })}
          error={form.errors.about}
        />
        <FormErrorText error={form.errors[""]} />
        <SaveButton saving={form.saving} />
      </Section>
    </form>
  );
}

const INFLUENCER_FIELDS = [
  "about",
  "category",
  "city",
  "country",
  "audience.males",
  "audience.ages",
  "audience.interests",
  "audience.country",
] as const;

function InfluencerProfileForm({ profile }: { profile: InfluencerSettings["profile"] }) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  const [values, setValues] = useState(() => influencerProfileValues(profile));
  const form = useSettingsForm({ field: "profile", schema: influencerProfileInput, fields: INFLUENCER_FIELDS });
  const set = <K extends keyof InfluencerProfileValues>(key: K, value: InfluencerProfileValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const categories = CATEGORIES.map((category) => ({ value: category, label: t(`CATEGORY.${category}`) }));

  return (
    <form ref={form.formRef} onSubmit={form.submit(influencerProfileData(values))} noValidate className="space-y-6">
      <Section title={t("SETTINGS.TAB.profile")}>
        <TextAreaField
          label={t("SETTINGS.PROFILE.ABOUT")}
          hint={t("SETTINGS.PROFILE.ABOUT_INFLUENCER_HINT")}
          value={values.about}
          onValueChange={(about) => set("about", about)}
          error={form.errors.about}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label={t("SETTINGS.PROFILE.CATEGORY")}
            value={values.category}
            onValueChange={(category) => set("category", category as Category | "")}
            options={categories}
            error={form.errors.category}
          />
          <TextField
            label={t("SETTINGS.PROFILE.CITY")}
            value={values.city}
            onValueChange={(city) => set("city", city)}
            autoComplete="address-level2"
            error={form.errors.city}
          />
          <SelectField
            label={t("SETTINGS.PROFILE.COUNTRY")}
            value={values.country}
            onValueChange={(country) => set("country", country)}
            options={countries}
            autoComplete="country"
            error={form.errors.country}
          />
        </div>
      </Section>

      <Section title={t("SETTINGS.PROFILE.AUDIENCE")}>
        <RangeField
          legend={t("SETTINGS.PROFILE.AUDIENCE_GENDER")}
          summary={t("SETTINGS.PROFILE.GENDER_SHARE", { males: values.males, females: femalePercent(values.males) })}
          min={0}
          max={100}
          value={[values.males]}
          onValueChange={([males]) => set("males", males ?? values.males)}
          thumbs={[
            {
              label: t("SETTINGS.PROFILE.MALE_PERCENT"),
              valueText: t("SETTINGS.PROFILE.GENDER_SHARE", {
                males: values.males,
                females: femalePercent(values.males),
              }),
            },
          ]}
          error={form.errors["audience.males"]}
        />
        <RangeField
          legend={t("SETTINGS.PROFILE.AUDIENCE_AGE")}
          summary={t("SETTINGS.PROFILE.AGE_RANGE", { min: values.ages[0], max: values.ages[1] })}
          min={AGE_FILTER.min}
          max={AGE_FILTER.max}
          value={values.ages}
          onValueChange={([min, max]) => set("ages", [min ?? values.ages[0], max ?? values.ages[1]])}
          thumbs={[{ label: t("SETTINGS.PROFILE.MIN_AGE") }, { label: t("SETTINGS.PROFILE.MAX_AGE") }]}
          error={form.errors["audience.ages"]}
        />
        <InterestsField
          interests={values.interests}
          onChange={(interests) => set("interests", interests)}
          error={form.errors["audience.interests"]}
        />
        <SelectField
          label={t("SETTINGS.PROFILE.AUDIENCE_COUNTRY")}
          value={values.audienceCountry}
          onValueChange={(country) => set("audienceCountry", country)}
          options={countries}
          error={form.errors["audience.country"]}
          className="sm:max-w-xs"
        />
        <FormErrorText error={form.errors[""]} />
        <SaveButton saving={form.saving} />
      </Section>
    </form>
  );
}

interface RangeFieldProps {
  legend: string;
  /** The values in words, shown above the slider. */
  summary: string;
  min: number;
  max: number;
  value: number[];
  onValueChange: (value: number[]) => void;
  thumbs: { label: string; valueText?: string }[];
  error: FieldMessage | undefined;
}

/** A slider with one thumb per value; arrow keys move the focused thumb by 1. */
function RangeField({ legend, summary, min, max, value, onValueChange, thumbs, error }: RangeFieldProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p className="text-sm text-slate-700" aria-hidden="true">
        {summary}
      </p>
      <Slider.Root
        className="relative flex h-6 w-full touch-none items-center select-none"
        min={min}
        max={max}
        step={1}
        minStepsBetweenThumbs={0}
        value={value}
        onValueChange={onValueChange}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-slate-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
        </Slider.Track>
        {thumbs.map((thumb) => (
          <Slider.Thumb
            key={thumb.label}
            aria-label={thumb.label}
            {...(thumb.valueText ? { "aria-valuetext": thumb.valueText } : {})}
            {...(error ? { "aria-invalid": true } : {})}
            className="block size-5 rounded-full border-2 border-brand-700 bg-white shadow aria-invalid:border-red-600"
          />
        ))}
      </Slider.Root>
      {error && <p className="text-sm text-red-700">{t(error.key, error.values ?? {})}</p>}
    </fieldset>
  );
}
