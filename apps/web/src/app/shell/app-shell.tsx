import type { UserKind } from "@market/contracts";
import { Outlet } from "@tanstack/react-router";
import { LiveNotifications } from "../../features/notifications/live-notifications";
import type { SignedInUser } from "../pick-tree";
import { ImpersonationBanner } from "./impersonation-banner";
import { SiteHeader } from "./site-header";
import { MAIN_ID, SkipLink } from "./skip-link";

/**
 * The frame of every screen of a route tree: skip link, impersonation banner, header, then the page; a signed-in
 * user's frame also holds the live notification stream and says when its connection is lost.
 */
export function AppShell({ kind, user }: { kind: UserKind; user: SignedInUser | null }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <SkipLink />
      {user?.isImpersonating && <ImpersonationBanner username={user.username} />}
      <SiteHeader kind={kind} user={user} />
      {user && kind !== "visitor" && <LiveNotifications kind={kind} />}
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none">
        <Outlet />
      </main>
    </div>
  );
}
