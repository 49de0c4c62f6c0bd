import type { LoginInput } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { rest } from "../../lib/rest";
import { Button } from "../../ui/button";
import { AuthCard, FormAlert } from "./auth-card";
import { generalMessageOf, tryAgainIn } from "./auth-fields";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { goHomeSignedIn } from "./go-home";
import { TextField } from "./text-field";

/** /login: a username or email and the password. */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<LoginInput>({ login: "", password: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const loginRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (values.login.trim() === "" || values.password === "") {
      setError(t("AUTH.LOGIN.MISSING"));
      loginRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const result = await rest.post<{ kind: string }>("/api/login", values);
    if (result.status === "success") {
      goHomeSignedIn();
      return;
    }
    setBusy(false);
    if (result.reason === "rate_limited" && result.retryAfterSeconds) {
      setError(t("AUTH.LOGIN.WAIT", { when: tryAgainIn(result.retryAfterSeconds, i18n.language) }));
      return;
    }
    setError(t(result.reason === "bad_password" ? "AUTH.LOGIN.BAD_CREDENTIALS" : generalMessageOf(result.reason)));
  }

  return (
    <AuthCard title={t("AUTH.LOGIN.TITLE")}>
      <form noValidate onSubmit={submit} className="space-y-4">
        {error && <FormAlert>{error}</FormAlert>}
        <TextField
          ref={loginRef}
          label={t("AUTH.LOGIN.LOGIN")}
          name="login"
          autoComplete="username"
          required
          value={values.login}
          onChange={(event) => setValues({ ...values, login: event.target.value })}
        />
        <TextField
          label={t("AUTH.PASSWORD")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
        />
        <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
          {busy ? t("GLOBAL.LOADING") : t("AUTH.LOGIN.SUBMIT")}
        </Button>
      </form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-2 text-sm">
        <ForgotPasswordDialog />
        <p>
          {t("AUTH.LOGIN.NO_ACCOUNT")}{" "}
          <Link to="/signup" className="font-medium text-brand-800 underline">
            {t("NAV.SIGN_UP")}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
