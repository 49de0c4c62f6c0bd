import { Dialog as D } from "radix-ui";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../lib/cx";

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;

interface DialogContentProps {
  /** Announced when the dialog opens; hide it visually with titleHidden when the content speaks for itself. */
  title: string;
  titleHidden?: boolean;
  /** Extra placement classes, e.g. a side sheet instead of the centred box. */
  className?: string;
  children: ReactNode;
}

/** A modal dialog: focus is trapped inside, Escape and the close button dismiss it, focus returns on close. */
export function DialogContent({ title, titleHidden = false, className, children }: DialogContentProps) {
  const { t } = useTranslation();
  // Radix gives focus back to a Dialog.Trigger only: a dialog opened from state (a button's onClick) would leave it
  // on the page's body, so the element that had focus when it opened gets it back, while it is still on the page.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      <D.Content
        onOpenAutoFocus={() => {
          const focused = document.activeElement;
          opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
        }}
        onCloseAutoFocus={(event) => {
          // An opener the dialog's action removed (a Decline button once declined), or none (a dialog the page
          // opened by itself, the onboarding), hands focus to the page's main region, the skip link's target, so the
          // next Tab goes on within the page rather than from its top. Without scrolling to it: the page stays
          // where the reader left it (its top, header shown, for a dialog opened on arrival).
          const opened = opener.current?.isConnected ? opener.current : null;
          const target = opened ?? document.querySelector<HTMLElement>("main");
          if (!target) return;
          event.preventDefault();
          target.focus({ preventScroll: opened === null });
        }}
        aria-describedby={undefined}
        className={cx(
          "fixed z-50 bg-white p-6 shadow-xl",
          className ?? "top-1/2 left-1/2 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg",
        )}
      >
        <D.Title className={titleHidden ? "sr-only" : "mb-4 text-lg font-semibold"}>{title}</D.Title>
        {children}
        <D.Close
          aria-label={t("GLOBAL.CLOSE")}
          className="absolute top-3 right-3 rounded-md p-2 text-slate-600 hover:bg-slate-100"
        >
          <span aria-hidden="true">✕</span>
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}
