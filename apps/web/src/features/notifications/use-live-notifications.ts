import type { AccountKind, NotificationView } from "@market/contracts";
import { skipToken } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLiveStatus } from "../../lib/live-connection";
import { liveConnection, trpc } from "../../lib/trpc";
import { refreshUnseenCounts } from "../../lib/unseen-counts";
import { toast } from "../../ui/toast-store";
import { type LiveRefresh, liveRefreshes } from "./live-refreshes";
import { notificationTarget, notificationText } from "./notification-text";
import { streamStartOf } from "./stream-start";

/**
 * The signed-in user's one notification stream (spec section 7), for the whole app: each notification shows as a
 * toast (a click opens what it is about; none for the page already open) and reads again what it changed on
 * the open screens. The stream starts after the newest notification of the header's list, and tRPC resumes it
 * from the last id it got when the connection comes back, so what was written while the page had no connection
 * arrives then, even before any notification came live. A user's ids only grow, so one not above the last handled
 * was handled: nothing shows twice.
 */
export function useLiveNotifications(kind: AccountKind) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const router = useRouter();
  const lastHandled = useRef(0);
  const startAfter = useStartAfter();

  const refresh = (what: LiveRefresh, notification: NotificationView) => {
    switch (what) {
      case "notifications":
        return utils.notifications.list.invalidate();
      case "campaigns":
        return utils.deals.mine.invalidate();
      case "application":
        return Promise.all([
          utils.applications.get.invalidate({ id: notification.applicationId ?? 0 }),
          utils.applications.list.invalidate(),
          utils.applications.ofCampaign.invalidate(),
        ]);
      case "balance":
        return utils.account.balance.invalidate();
      case "money":
        return Promise.all([utils.earnings.list.invalidate(), utils.hires.list.invalidate()]);
    }
  };

  trpc.notifications.stream.useSubscription(startAfter === undefined ? skipToken : { lastEventId: startAfter }, {
    onData: ({ data: notification }) => {
      if (notification.id <= lastHandled.current) return;
      lastHandled.current = notification.id;
      for (const what of liveRefreshes(kind, notification)) void refresh(what, notification);
      if (notification.seen) return;
      const target = notificationTarget(kind, notification);
      if (target !== null && router.state.location.pathname === target) return;
      toast.info(notificationText(t, notification, kind), target ? () => void navigate({ to: target }) : undefined);
    },
  });

  // Marks made anywhere (another tab, an application page, another device): the bell and badges follow.
  trpc.notifications.seenChanges.useSubscription(undefined, { onData: () => void refreshUnseenCounts(utils) });

  // Back from offline: unseen counts may have moved meanwhile (seen in another tab), so they are read again.
  const status = useLiveStatus(liveConnection);
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === "offline" && status === "online") void refreshUnseenCounts(utils);
    previous.current = status;
  }, [status, utils]);
}

/** The stream's start (streamStartOf), fixed once known, since a new input would open a new stream. */
function useStartAfter(): string | null | undefined {
  const list = trpc.notifications.list.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const [startAfter, setStartAfter] = useState<string | null | undefined>(undefined);
  const known = streamStartOf(list);
  useEffect(() => {
    if (startAfter === undefined && known !== undefined) setStartAfter(known);
  }, [known, startAfter]);
  return startAfter;
}
