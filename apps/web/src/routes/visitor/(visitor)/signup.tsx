import { createFileRoute } from "@tanstack/react-router";
import { SignupPage } from "../../../features/auth/signup-page";
import { loadAllTexts } from "../../../lib/i18n";

export const Route = createFileRoute("/(visitor)/signup")({ loader: loadAllTexts, component: SignupPage });
