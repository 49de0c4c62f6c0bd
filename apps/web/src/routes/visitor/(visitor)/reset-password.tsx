import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordPage } from "../../../features/auth/reset-password-page";
import { loadAllTexts } from "../../../lib/i18n";

/** The emailed link's token: text of 1 to 200 characters, else none. A plain check keeps zod off the visitor's pages. */
function validateSearch(search: Record<string, unknown>): { token?: string } {
  const { token } = search;
  return typeof token === "string" && token.length >= 1 && token.length <= 200 ? { token } : {};
}

export const Route = createFileRoute("/(visitor)/reset-password")({
  validateSearch,
  loader: loadAllTexts,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
