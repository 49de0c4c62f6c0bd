import { useTranslation } from "react-i18next";
import { useLiveStatus } from "../../lib/live-connection";
import { liveConnection } from "../../lib/trpc";

/**
 * Says so while the live connection is lost (spec section 7: the client waits 15 s more at each try, at most
 * 60 s); it goes once the connection is back, when the stream replays what was missed.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const status = useLiveStatus(liveConnection);
  return (
    <div role="status" className="empty:hidden">
      {status === "offline" && (
        <p className="bg-slate-800 px-4 py-2 text-center text-sm text-white" data-testid="offline-notice">
          {t("NOTIFICATION.OFFLINE")}
        </p>
      )}
    </div>
  );
}
