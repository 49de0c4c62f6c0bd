import { BIRTH_YEARS, brandContactInput, influencerContactInput } from "@market/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldFrame, FormErrorText, INPUT_CLASS, SelectField, TextField } from "../../ui/form-fields";
import { useCountryOptions } from "./country-options";
import { type ContactValues, contactData, contactValues } from "./forms";
import { Section } from "./query-state";
import { SaveButton } from "./save-button";
import { type Settings, WithSettings } from "./use-settings";
import { useSettingsForm } from "./use-settings-form";

/** General tab: the read-only account (username, email), then the contact details of the kind. */
export function GeneralTab() {
  const { t } = useTranslation();
  return (
    <WithSettings>
      {(settings) => (
        <div className="space-y-6">
          <Section title={t("SETTINGS.ACCOUNT.TITLE")} description={t("SETTINGS.ACCOUNT.READ_ONLY")}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t("SETTINGS.ACCOUNT.USERNAME")} value={settings.user.username} readOnly />
              <TextField label={t("SETTINGS.ACCOUNT.EMAIL")} value={settings.user.email} type="email" readOnly />
            </div>
          </Section>
          <ContactForm settings={settings} />
        </div>
      )}
    </WithSettings>
  );
}

const COMMON_FIELDS = [
  "firstName",
  "lastName",
  "phone",
  "address",
  "address2",
  "city",
  "state",
  "zipcode",
  "country",
] as const;
const FIELDS = [...COMMON_FIELDS, "website", "birthDay", "birthMonth", "birthYear"] as const;

const monthName = new Intl.DateTimeFormat("en", { month: "long", timeZone: "UTC" });
const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1));
const MONTHS = Array.from({ length: 12 }, (_, index) => ({
  value: String(index + 1),
  label: monthName.format(new Date(Date.UTC(2000, index, 1))),
}));
/** Spec section 5: birth years offered are 1915 to 2015, the most recent first. */
const YEARS = Array.from({ length: BIRTH_YEARS.max - BIRTH_YEARS.min + 1 }, (_, index) =>
  String(BIRTH_YEARS.max - index),
);

function ContactForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  const isBrand = settings.kind === "brand";
  const [values, setValues] = useState<ContactValues>(() => contactValues(settings.contact));
  const form = useSettingsForm({
    field: "contact",
    schema: isBrand ? brandContactInput : influencerContactInput,
    fields: FIELDS,
  });
  const text = (field: (typeof FIELDS)[number], label: string, autoComplete: string) => (
    <TextField
      label={label}
      value={values[field] ?? ""}
      onValueChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
      autoComplete={autoComplete}
      error={form.errors[field]}
    />
  );
  const birth = (
    field: "birthDay" | "birthMonth" | "birthYear",
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <SelectField
      label={label}
      value={values[field] ?? ""}
      onValueChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
      options={options}
      error={form.errors[field]}
    />
  );

  return (
    <form ref={form.formRef} onSubmit={form.submit(contactData(values))} noValidate>
      <Section title={t("SETTINGS.GENERAL.CONTACT")}>
        {isBrand && (
          <FieldFrame label={t("SETTINGS.GENERAL.WEBSITE")} error={form.errors.website}>
            {(control) => (
              <input
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://"
                className={INPUT_CLASS}
                value={values.website ?? ""}
                onChange={(event) => setValues((current) => ({ ...current, website: event.target.value }))}
                {...control}
              />
            )}
          </FieldFrame>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("firstName", t("SETTINGS.GENERAL.FIRST_NAME"), "given-name")}
          {text("lastName", t("SETTINGS.GENERAL.LAST_NAME"), "family-name")}
        </div>
        {text("phone", t("SETTINGS.GENERAL.PHONE"), "tel")}
        {!isBrand && (
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t("SETTINGS.GENERAL.BIRTH_DATE")}</legend>
            <div className="grid grid-cols-3 gap-4">
              {birth(
                "birthDay",
                t("SETTINGS.GENERAL.BIRTH_DAY"),
                DAYS.map((day) => ({ value: day, label: day })),
              )}
              {birth("birthMonth", t("SETTINGS.GENERAL.BIRTH_MONTH"), MONTHS)}
              {birth(
                "birthYear",
                t("SETTINGS.GENERAL.BIRTH_YEAR"),
                YEARS.map((year) => ({ value: year, label: year })),
              )}
            </div>
          </fieldset>
        )}
        {text("address", t("SETTINGS.GENERAL.ADDRESS"), "address-line1")}
        {text("address2", t("SETTINGS.GENERAL.ADDRESS2"), "address-line2")}
        <div className="grid gap-4 sm:grid-cols-3">
          {text("city", t("SETTINGS.GENERAL.CITY"), "address-level2")}
          {text("state", t("SETTINGS.GENERAL.STATE"), "address-level1")}
          {text("zipcode", t("SETTINGS.GENERAL.ZIPCODE"), "postal-code")}
        </div>
        <SelectField
          label={t("SETTINGS.GENERAL.COUNTRY")}
          value={values.country ?? ""}
          onValueChange={(country) => setValues((current) => ({ ...current, country }))}
          options={countries}
          autoComplete="country"
          error={form.errors.country}
          className="sm:max-w-xs"
        />
        <FormErrorText error={form.errors[""]} />
        <SaveButton saving={form.saving} />
      </Section>
    </form>
  );
}
