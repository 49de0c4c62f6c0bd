import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStopImpersonating } from "../../features/auth/use-stop-impersonating";

/** mm:ss of what is left, never negative. */
export function timeLeft(endsAt: string, now: number): string {
  const seconds = Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * Spec section 2: an admin using someone's account sees it on every screen, with the way back; and how long the
 * impersonation has left before it ends by itself (issue 36: 30 minutes), counting down each second. At zero the
 * server has ended the session: the page loads afresh, signed out.
 */
export function ImpersonationBanner({ username, endsAt }: { username: string; endsAt: string | null }) {
  const { t } = useTranslation();
  const { stop, busy } = useStopImpersonating();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= Date.parse(endsAt)) {
        clearInterval(timer);
        window.location.assign("/");
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  return (
    <div className="bg-amber-300 px-4 py-2 text-center text-sm text-slate-950">
      {t("IMPERSONATION.NOTICE", { username })}{" "}
      {endsAt && (
        <span data-testid="impersonation-time-left">
          {t("CONSOLE_USERS.ENDS_IN", { time: timeLeft(endsAt, now) })}{" "}
        </span>
      )}
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
