import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";

/** The submit button of a settings form, busy while saving. */
export function SaveButton({ saving }: { saving: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={saving} aria-busy={saving}>
        {saving ? t("SETTINGS.SAVING") : t("SETTINGS.SAVE")}
      </Button>
    </div>
  );
}
