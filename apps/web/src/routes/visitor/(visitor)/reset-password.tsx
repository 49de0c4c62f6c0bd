import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ResetPasswordPage } from "../../../features/auth/reset-password-page";

const search = z.object({ token: z.string().min(1).max(200).optional().catch(undefined) });

export const Route = createFileRoute("/(visitor)/reset-password")({
  validateSearch: search,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
