import { MIN_PASSWORD_LENGTH } from "@market/contracts";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldMessage } from "../../lib/field-errors";
import { REASON_MESSAGE_KEYS, reasonOf } from "../../lib/reasons";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/form-fields";
import { toast } from "../../ui/toast-store";
import { type PasswordField, passwordFormErrors } from "./forms";
import { Section } from "./query-state";

/**
 * Password tab: the current and a new password. The server's bad_password marks the current password and
 * password_too_short the new one; anything else is a toast.
 */
export function PasswordTab() {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ currentPassword: "", newPassword: "" });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, FieldMessage>>>({});
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  const change = trpc.auth.changePassword.useMutation({
    onSuccess: () => {
      setValues({ currentPassword: "", newPassword: "" });
      toast.success(t("SETTINGS.PASSWORD.CHANGED"));
    },
    onError: (error) => {
      const reason = reasonOf(error);
      if (reason === "bad_password") setErrors({ currentPassword: { key: REASON_MESSAGE_KEYS.bad_password } });
      else if (reason === "password_too_short")
        setErrors({ newPassword: { key: REASON_MESSAGE_KEYS.password_too_short } });
      else {
        toast.error(t(REASON_MESSAGE_KEYS[reason]));
        return;
      }
      focusFirstInvalid();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    change.mutate(values);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Section title={t("SETTINGS.PASSWORD.TITLE")}>
        <TextField
          label={t("SETTINGS.PASSWORD.CURRENT")}
          type="password"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onValueChange={(currentPassword) => setValues((current) => ({ ...current, currentPassword }))}
          error={errors.currentPassword}
        />
        <TextField
          label={t("SETTINGS.PASSWORD.NEW")}
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={t("SETTINGS.PASSWORD.HINT", { min: MIN_PASSWORD_LENGTH })}
          value={values.newPassword}
          onValueChange={(newPassword) => setValues((current) => ({ ...current, newPassword }))}
          error={errors.newPassword}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
            {t("SETTINGS.PASSWORD.SUBMIT")}
          </Button>
        </div>
      </Section>
    </form>
  );
}
