import { useTranslation } from "react-i18next";
import { NAV_ENTRIES, type ShellKind } from "../../lib/destinations";
import { Dialog, DialogContent } from "../../ui/dialog";
import { NavLinks } from "./nav-links";
import { VisitorActions } from "./visitor-actions";

interface MobileNavSheetProps {
  kind: ShellKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The side sheet of MobileNav, opened by its menu button (which gets the focus back on close). */
export default function MobileNavSheet({ kind, open, onOpenChange }: MobileNavSheetProps) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("NAV.MENU")} className="inset-y-0 right-0 w-72 max-w-[85vw] overflow-y-auto">
        <nav aria-label={t("NAV.MAIN")}>
          <NavLinks entries={NAV_ENTRIES[kind]} vertical onNavigate={close} />
        </nav>
        {kind === "visitor" && <VisitorActions className="mt-6 flex-col" onNavigate={close} />}
      </DialogContent>
    </Dialog>
  );
}
