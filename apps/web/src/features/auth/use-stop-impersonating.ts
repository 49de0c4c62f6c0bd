import { useState } from "react";
import { useTranslation } from "react-i18next";
import { rest } from "../../lib/rest";
import { toast } from "../../ui/toast-store";

/**
 * Ends the impersonation: the server swaps the session back to the admin's own, then the page loads afresh from
 * `/` so it runs the admin's route tree.
 */
export function useStopImpersonating() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const stop = async () => {
    setBusy(true);
    const result = await rest.post("/admin/api/stop-impersonating");
    if (result.status === "success") {
      window.location.assign("/");
      return;
    }
    setBusy(false);
    toast.error(t("IMPERSONATION.BACK_ERROR"));
  };
  return { stop, busy };
}
