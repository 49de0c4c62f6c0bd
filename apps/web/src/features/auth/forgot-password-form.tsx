import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { rest } from "../../lib/rest";
import { Button } from "../../ui/button";
import { FormAlert } from "./auth-card";
import { emailMessage } from "./auth-fields";
import { TextField } from "./text-field";

/**
 * Asks for a reset link. The confirmation is the same whether the address has an account or not (the server
 * answers alike), so the form tells nobody who is registered.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invalid = emailMessage(email);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (invalid) return;
    setBusy(true);
    setError(null);
    const result = await rest.post<null>("/api/reset-password", { email: email.trim() });
    setBusy(false);
    if (result.status === "success") setSentTo(email.trim());
    else setError(t(result.reason === "rate_limited" ? "GLOBAL.RATE_LIMITED" : "AUTH.FORGOT.ERROR"));
  }

  if (sentTo) return <FormAlert tone="success">{t("AUTH.FORGOT.SENT", { email: sentTo })}</FormAlert>;
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-700">{t("AUTH.FORGOT.INTRO")}</p>
      {error && <FormAlert>{error}</FormAlert>}
      <TextField
        label={t("AUTH.EMAIL")}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        error={touched && invalid ? t(invalid.key) : undefined}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => setTouched(email !== "")}
      />
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? t("GLOBAL.LOADING") : t("AUTH.FORGOT.SUBMIT")}
      </Button>
    </form>
  );
}
