import { useTranslation } from "react-i18next";
import { useStopImpersonating } from "../../features/auth/use-stop-impersonating";

/** Spec section 2: an admin using someone's account sees it on every screen, with the way back. */
export function ImpersonationBanner({ username }: { username: string }) {
  const { t } = useTranslation();
  const { stop, busy } = useStopImpersonating();
  return (
    <div className="bg-amber-300 px-4 py-2 text-center text-sm text-slate-950">
      {t("IMPERSONATION.NOTICE", { username })}{" "}
      <button
        type="button"
        onClick={() => void stop()}
        disabled={busy}
        aria-busy={busy}
        className="font-semibold underline disabled:opacity-60"
      >
        {t("IMPERSONATION.BACK")}
      </button>
    </div>
  );
}
