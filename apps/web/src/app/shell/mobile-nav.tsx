import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ShellKind } from "../../lib/destinations";

// The sheet (Radix's Dialog with its focus trap and scroll lock, about 9 KB on the wire) is fetched when a pointer
// or the focus first reaches the menu button, not with the page: a visitor's first load of /find only shows the button.
const loadSheet = () => import("./mobile-nav-sheet");
const MobileNavSheet = lazy(loadSheet);

/** The header's entries on narrow screens: a menu button opening a side sheet. */
export function MobileNav({ kind }: { kind: ShellKind }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first click on, so that the sheet's chunk is only asked for when wanted.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
        onPointerEnter={loadSheet}
        onFocus={loadSheet}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <span className="sr-only">{t("NAV.OPEN_MENU")}</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileNavSheet kind={kind} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
