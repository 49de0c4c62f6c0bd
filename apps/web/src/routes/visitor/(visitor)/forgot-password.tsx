import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordPage } from "../../../features/auth/forgot-password-page";
import { loadAllTexts } from "../../../lib/i18n";

export const Route = createFileRoute("/(visitor)/forgot-password")({
  loader: loadAllTexts,
  component: ForgotPasswordPage,
});
