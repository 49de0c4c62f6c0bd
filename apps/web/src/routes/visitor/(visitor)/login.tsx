import { createFileRoute } from "@tanstack/react-router";
import { LoginPage } from "../../../features/auth/login-page";
import { loadAllTexts } from "../../../lib/i18n";

export const Route = createFileRoute("/(visitor)/login")({ loader: loadAllTexts, component: LoginPage });
