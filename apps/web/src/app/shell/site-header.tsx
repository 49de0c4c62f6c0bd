import type { UserKind } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { HeaderBalance } from "../../features/balance/header-balance";
import { NotificationBell } from "../../features/notifications/notification-bell";
import { HOME_PATHS, NAV_ENTRIES } from "../../lib/destinations";
import type { SignedInUser } from "../pick-tree";
import { MobileNav } from "./mobile-nav";
import { NavLinks } from "./nav-links";
import { UserMenu } from "./user-menu";
import { VisitorActions } from "./visitor-actions";

export function SiteHeader({ kind, user }: { kind: UserKind; user: SignedInUser | null }) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-3">
        <Link to={HOME_PATHS[kind]} aria-label={t("NAV.HOME")} className="rounded-md text-lg font-bold text-brand-800">
          {t("GLOBAL.APP_NAME")}
        </Link>
        <nav aria-label={t("NAV.MAIN")} className="hidden md:block">
          <NavLinks entries={NAV_ENTRIES[kind]} />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {kind === "influencer" && user?.balanceCents != null && <HeaderBalance initialCents={user.balanceCents} />}
          {user && kind !== "visitor" && <NotificationBell kind={kind} impersonating={user.isImpersonating} />}
          {user ? <UserMenu user={user} /> : <VisitorActions className="hidden md:flex" />}
          <MobileNav kind={kind} />
        </div>
      </div>
    </header>
  );
}
