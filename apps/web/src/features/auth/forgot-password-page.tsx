import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "./auth-card";
import { ForgotPasswordForm } from "./forgot-password-form";

/** /forgot-password: where an expired reset link sends the user to ask again. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("AUTH.FORGOT.TITLE")}>
      <ForgotPasswordForm />
      <p className="mt-6 text-sm">
        <Link to="/login" className="font-medium text-brand-800 underline">
          {t("AUTH.BACK_TO_LOGIN")}
        </Link>
      </p>
    </AuthCard>
  );
}
