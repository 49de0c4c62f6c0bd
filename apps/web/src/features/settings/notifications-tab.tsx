import {
  brandNotificationsInput,
  influencerNotificationsInput,
  MINUTE_MS,
  NOTIFICATION_MAIL_DELAY_MS,
  type NotificationKey,
} from "@market/contracts";
import { Switch } from "radix-ui";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorText } from "../../ui/form-fields";
import { Section } from "./query-state";
import { SaveButton } from "./save-button";
import { type Settings, WithSettings } from "./use-settings";
import { useSettingsForm } from "./use-settings-form";

/** Notifications tab: one switch per notification preference of the kind (spec section 3). */
export function NotificationsTab() {
  return <WithSettings>{(settings) => <NotificationsForm settings={settings} />}</WithSettings>;
}

function NotificationsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, boolean>>(settings.notifications);
  const keys = Object.keys(settings.notifications) as NotificationKey[];
  const form = useSettingsForm({
    field: "notifications",
    schema: settings.kind === "brand" ? brandNotificationsInput : influencerNotificationsInput,
    fields: keys,
  });
  return (
    <form ref={form.formRef} onSubmit={form.submit(values)} noValidate>
      <Section
        title={t("SETTINGS.NOTIFICATIONS.TITLE")}
        description={t("SETTINGS.NOTIFICATIONS.INTRO", { minutes: NOTIFICATION_MAIL_DELAY_MS / MINUTE_MS })}
      >
        <ul className="divide-y divide-slate-100">
          {keys.map((key) => (
            <li key={key}>
              <PreferenceSwitch
                label={t(`NOTIFICATION_PREFERENCE.${key}`)}
                checked={values[key] ?? true}
                onCheckedChange={(checked) => setValues((current) => ({ ...current, [key]: checked }))}
              />
            </li>
          ))}
        </ul>
        <FormErrorText error={form.errors[""]} />
        <SaveButton saving={form.saving} />
      </Section>
    </form>
  );
}

function PreferenceSwitch({
  label,
  checked,
  onCheckedChange,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}
