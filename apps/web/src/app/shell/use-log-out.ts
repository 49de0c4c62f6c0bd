import { useTranslation } from "react-i18next";
import { rest } from "../../lib/rest";
import { toast } from "../../ui/toast-store";

/** Logs out, then loads the page afresh so it runs the visitor's route tree. */
export function useLogOut() {
  const { t } = useTranslation();
  return async () => {
    const result = await rest.post("/api/logout");
    if (result.status === "success") window.location.assign("/");
    else toast.error(t("GLOBAL.LOGOUT_ERROR"));
  };
}
