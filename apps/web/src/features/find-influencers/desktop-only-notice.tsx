import { SEARCH_DISABLED_MAX_WIDTH } from "@market/contracts";
import { useTranslation } from "react-i18next";

export const DESKTOP_ONLY_NOTICE_ID = "desktop-only-notice";

export function DesktopOnlyNotice() {
  const { t } = useTranslation();
  return (
    <p
      id={DESKTOP_ONLY_NOTICE_ID}
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      {t("FIND.DESKTOP_ONLY", { width: SEARCH_DISABLED_MAX_WIDTH })}
    </p>
  );
}
