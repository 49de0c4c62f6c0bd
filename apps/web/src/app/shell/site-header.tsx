import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { HOME_PATHS, NAV_ENTRIES, type ShellKind } from "../../lib/destinations";
import { MobileNav } from "./mobile-nav";
import { NavLinks } from "./nav-links";

/** Home link, the kind's navigation, then its actions (the shells say which) and the narrow screens' menu. */
export function SiteHeader({ kind, actions }: { kind: ShellKind; actions: ReactNode }) {
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
          {actions}
          <MobileNav kind={kind} />
        </div>
      </div>
    </header>
  );
}
