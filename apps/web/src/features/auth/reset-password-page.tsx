import { MIN_PASSWORD_LENGTH } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { rest } from "../../lib/rest";
import { Button } from "../../ui/button";
import { AuthCard, FormAlert } from "./auth-card";
import { generalMessageOf, passwordMessage } from "./auth-fields";
import { TextField } from "./text-field";

type Outcome = "form" | "done" | "expired";

/** /reset-password?token=…: the page a reset link opens. A link without token is as good as an expired one. */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(token ? "form" : "expired");
  const [busy, setBusy] = useState(false);
  const invalid = passwordMessage(password);
  const fieldError = serverError ?? (touched && invalid ? t(invalid.key, invalid.values) : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (invalid || !token) return;
    setBusy(true);
    setGeneral(null);
    const result = await rest.post<null>("/api/reset-password/confirm", { token, newPassword: password });
    setBusy(false);
    if (result.status === "success") setOutcome("done");
    else if (result.reason === "expired") setOutcome("expired");
    else if (result.reason === "password_too_short") setServerError(t("PASSWORD.TOO_SHORT"));
    else setGeneral(t(generalMessageOf(result.reason)));
  }

  return (
    <AuthCard title={t("AUTH.RESET.TITLE")}>
      {outcome === "done" ? (
        <div className="space-y-4">
          <FormAlert tone="success">{t("AUTH.RESET.DONE")}</FormAlert>
          <Button asChild className="w-full">
            <Link to="/login">{t("NAV.LOG_IN")}</Link>
          </Button>
        </div>
      ) : outcome === "expired" ? (
        <div className="space-y-4">
          <FormAlert>{t("AUTH.RESET.EXPIRED")}</FormAlert>
          <Button asChild className="w-full">
            <Link to="/forgot-password">{t("AUTH.RESET.ASK_AGAIN")}</Link>
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4">
          {general && <FormAlert>{general}</FormAlert>}
          <TextField
            label={t("AUTH.RESET.NEW_PASSWORD")}
            hint={t("AUTH.PASSWORD_HINT", { min: MIN_PASSWORD_LENGTH })}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            error={fieldError}
            onChange={(event) => {
              setPassword(event.target.value);
              setServerError(null);
            }}
            onBlur={() => setTouched(password !== "")}
          />
          <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
            {busy ? t("GLOBAL.LOADING") : t("AUTH.RESET.SUBMIT")}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
