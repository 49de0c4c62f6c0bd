import type { UserKind } from "@market/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NAV_ENTRIES } from "../../lib/destinations";
import { Dialog, DialogContent, DialogTrigger } from "../../ui/dialog";
import { NavLinks } from "./nav-links";
import { VisitorActions } from "./visitor-actions";

/** The header's entries on narrow screens: a menu button opening a side sheet. */
export function MobileNav({ kind }: { kind: UserKind }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <span className="sr-only">{t("NAV.OPEN_MENU")}</span>
      </DialogTrigger>
      <DialogContent title={t("NAV.MENU")} className="inset-y-0 right-0 w-72 max-w-[85vw] overflow-y-auto">
        <nav aria-label={t("NAV.MAIN")}>
          <NavLinks entries={NAV_ENTRIES[kind]} vertical onNavigate={close} />
        </nav>
        {kind === "visitor" && <VisitorActions className="mt-6 flex-col" onNavigate={close} />}
      </DialogContent>
    </Dialog>
  );
}
