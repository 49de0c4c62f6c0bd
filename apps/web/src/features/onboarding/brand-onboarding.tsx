import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";

const STEPS = ["ONBOARDING.BRAND.STEP_CREATE", "ONBOARDING.BRAND.STEP_PROPOSALS", "ONBOARDING.BRAND.STEP_PAY"] as const;

/** The brand's onboarding: how campaigns work, then create one now or later. */
export function BrandOnboarding({ onLater, onCreateCampaign }: { onLater: () => void; onCreateCampaign: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t("ONBOARDING.BRAND.INTRO")}</p>
      <ol className="list-decimal space-y-2 pl-6 text-slate-700">
        {STEPS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onLater}>
          {t("ONBOARDING.LATER")}
        </Button>
        <Button onClick={onCreateCampaign}>{t("ONBOARDING.BRAND.CREATE_CAMPAIGN")}</Button>
      </div>
    </div>
  );
}
