import { MIN_PASSWORD_LENGTH } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../lib/cx";
import { rest } from "../../lib/rest";
import { Button } from "../../ui/button";
import { AuthCard, FormAlert } from "./auth-card";
import {
  type FieldMessage,
  generalMessageOf,
  type SignupField,
  type SignupKind,
  type SignupValues,
  signupErrors,
  signupServerErrors,
} from "./auth-fields";
import { goHomeSignedIn } from "./go-home";
import { TextField } from "./text-field";

const FIELDS: readonly SignupField[] = ["brandName", "username", "email", "password"];
const KINDS: readonly SignupKind[] = ["brand", "influencer"];

/**
 * /signup: a brand or an influencer account. Each field says what is wrong as soon as it has been left (or the
 * form sent); a refusal of the server (name or email taken, password too short) marks its fields, both the
 * username and the email when both are taken.
 */
export function SignupPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState<SignupValues>({
    kind: "brand",
    username: "",
    email: "",
    password: "",
    brandName: "",
  });
  const [touched, setTouched] = useState<Partial<Record<SignupField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<SignupField, FieldMessage>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<SignupField, HTMLInputElement | null>>>({});

  const errors = { ...signupErrors(values), ...serverErrors };
  const shown = (field: SignupField) => {
    const message = touched[field] || serverErrors[field] ? errors[field] : undefined;
    return message ? t(message.key, message.values) : undefined;
  };
  const change = (field: SignupField | "kind", value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== "kind") setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  const fieldProps = (field: SignupField) => ({
    name: field,
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    value: values[field],
    error: shown(field),
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ username: true, email: true, password: true, brandName: true });
    setGeneral(null);
    const invalid = FIELDS.find((field) => errors[field]);
    if (invalid) {
      inputs.current[invalid]?.focus();
      return;
    }
    setBusy(true);
    const body =
      values.kind === "brand"
        ? values
        : { kind: values.kind, username: values.username, email: values.email, password: values.password };
    const result = await rest.post<{ kind: SignupKind }>("/api/signup", body);
    if (result.status === "success") {
      goHomeSignedIn();
      return;
    }
    setBusy(false);
    const refused = signupServerErrors(result.reason, result.issues);
    const first = FIELDS.find((field) => refused[field]);
    if (first) {
      setServerErrors(refused);
      inputs.current[first]?.focus();
    } else {
      setGeneral(t(generalMessageOf(result.reason)));
    }
  }

  return (
    <AuthCard title={t("AUTH.SIGNUP.TITLE")}>
      <form noValidate onSubmit={submit} className="space-y-4">
        {general && <FormAlert>{general}</FormAlert>}
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t("AUTH.SIGNUP.KIND")}</legend>
          <div className="grid grid-cols-2 gap-2">
            {KINDS.map((kind) => (
              <label
                key={kind}
                className={cx(
                  "flex cursor-pointer flex-col rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600",
                  values.kind === kind ? "border-brand-700 bg-brand-50" : "border-slate-300 bg-white",
                )}
              >
                <span className="flex items-center gap-2 font-medium">
                  <input
                    type="radio"
                    name="kind"
                    value={kind}
                    checked={values.kind === kind}
                    onChange={() => change("kind", kind)}
                  />
                  {t(kind === "brand" ? "AUTH.SIGNUP.KIND_BRAND" : "AUTH.SIGNUP.KIND_INFLUENCER")}
                </span>
                <span className="mt-1 text-slate-600">
                  {t(kind === "brand" ? "AUTH.SIGNUP.KIND_BRAND_HINT" : "AUTH.SIGNUP.KIND_INFLUENCER_HINT")}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {values.kind === "brand" && (
          <TextField label={t("AUTH.SIGNUP.BRAND_NAME")} autoComplete="organization" {...fieldProps("brandName")} />
        )}
        <TextField
          label={t("AUTH.SIGNUP.USERNAME")}
          hint={t("AUTH.SIGNUP.USERNAME_HINT")}
          autoComplete="username"
          {...fieldProps("username")}
        />
        <TextField label={t("AUTH.EMAIL")} type="email" autoComplete="email" {...fieldProps("email")} />
        <TextField
          label={t("AUTH.PASSWORD")}
          hint={t("AUTH.PASSWORD_HINT", { min: MIN_PASSWORD_LENGTH })}
          type="password"
          autoComplete="new-password"
          {...fieldProps("password")}
        />
        <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
          {busy ? t("GLOBAL.LOADING") : t("AUTH.SIGNUP.SUBMIT")}
        </Button>
      </form>
      <p className="mt-6 text-sm">
        {t("AUTH.SIGNUP.HAVE_ACCOUNT")}{" "}
        <Link to="/login" className="font-medium text-brand-800 underline">
          {t("NAV.LOG_IN")}
        </Link>
      </p>
    </AuthCard>
  );
}
