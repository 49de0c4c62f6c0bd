import type { AccountKind } from "@market/contracts";
import { OfflineNotice } from "./offline-notice";
import { useLiveNotifications } from "./use-live-notifications";

/** Mounted once in the signed-in frame: the notification stream and the notice of a lost connection. */
export function LiveNotifications({ kind }: { kind: AccountKind }) {
  useLiveNotifications(kind);
  return <OfflineNotice />;
}
