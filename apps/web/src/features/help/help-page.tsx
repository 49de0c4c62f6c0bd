import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/use-document-title";
import { HelpForm } from "./help-form";

/** The brand's help form (spec section 2, /help). */
export function HelpPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("HELP.TITLE"));
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">{t("HELP.TITLE")}</h1>
      <p className="text-slate-700">{t("HELP.INTRO")}</p>
      <div className="rounded-lg border border-slate-200 bg-white p-6">
        <HelpForm />
      </div>
    </div>
  );
}
