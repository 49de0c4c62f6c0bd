import { useEffect } from "react";
import { trpc } from "../../lib/trpc";
import { refreshUnseenCounts } from "../../lib/unseen-counts";

/**
 * Marks the viewer's notifications about this application seen while its page is visible: what they tell is on
 * screen. It asks when the page shows, when its tab comes back into view, and each time the application is read
 * again (`shownAt`), which a notification about it causes (features/notifications): so events that arrive while
 * the page is watched never count as new. The server leaves them unseen for an admin acting as the user.
 */
export function useSeeApplication(applicationId: number | null, shownAt: number) {
  const utils = trpc.useUtils();
  const { mutate } = trpc.notifications.seeApplication.useMutation({
    onSuccess: ({ marked }) => {
      if (marked > 0) void refreshUnseenCounts(utils);
    },
  });
  useEffect(() => {
    if (applicationId === null || shownAt === 0) return;
    const seeIfVisible = () => {
      if (document.visibilityState === "visible") mutate({ applicationId });
    };
    seeIfVisible();
    document.addEventListener("visibilitychange", seeIfVisible);
    return () => document.removeEventListener("visibilitychange", seeIfVisible);
  }, [applicationId, shownAt, mutate]);
}
