import { useTranslation } from "react-i18next";

/** Spec section 2: an admin using someone's account sees it on every screen, with the way back. */
export function ImpersonationBanner({ username }: { username: string }) {
  const { t } = useTranslation();
  return (
    <div className="bg-amber-300 px-4 py-2 text-center text-sm text-slate-950">
      {t("IMPERSONATION.NOTICE", { username })}{" "}
      {/* The admin console is served outside this app's route trees: a full page load. */}
      <a href="/admin" className="font-semibold underline">
        {t("IMPERSONATION.BACK")}
      </a>
    </div>
  );
}
