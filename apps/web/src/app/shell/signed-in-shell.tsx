import type { AccountKind } from "@market/contracts";
import { HeaderBalance } from "../../features/balance/header-balance";
import { LiveNotifications } from "../../features/notifications/live-notifications";
import { NotificationBell } from "../../features/notifications/notification-bell";
import type { SignedInUser } from "../pick-tree";
import { AppShell } from "./app-shell";
import { ImpersonationBanner } from "./impersonation-banner";
import { UserMenu } from "./user-menu";

/** A brand's or an influencer's frame: the live notification stream, which says when its connection is lost. */
export function SignedInShell({ kind, user }: { kind: AccountKind; user: SignedInUser }) {
  return (
    <AppShell
      kind={kind}
      banner={
        user.isImpersonating && <ImpersonationBanner username={user.username} endsAt={user.impersonationEndsAt} />
      }
      actions={
        <>
          {kind === "influencer" && user.balanceCents != null && <HeaderBalance initialCents={user.balanceCents} />}
          <NotificationBell kind={kind} impersonating={user.isImpersonating} />
          <UserMenu user={user} />
        </>
      }
      beside={<LiveNotifications kind={kind} />}
    />
  );
}
