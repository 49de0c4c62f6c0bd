import { TOAST_DURATION_MS } from "@market/contracts";
import { Toast } from "radix-ui";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../lib/cx";
import { toastStore } from "./toast-store";

const BORDER = { error: "border-red-600", success: "border-emerald-600", info: "border-brand-600" } as const;

/**
 * Shows the toasts of the store. Each lasts TOAST_DURATION_MS, paused while hovered or focused so nobody
 * loses a message they are reading; errors are announced assertively, successes and news politely (a
 * role=status live region each). F8 moves the focus to them, Escape dismisses the focused one, and a toast with
 * somewhere to go is a button that goes there.
 */
export function Toaster() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} label={t("GLOBAL.NOTIFICATIONS")}>
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          type={item.tone === "error" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) toastStore.dismiss(item.id);
          }}
          className={cx(
            "flex items-start gap-3 rounded-md border-l-4 bg-white p-4 text-sm text-slate-900 shadow-lg",
            BORDER[item.tone],
          )}
          data-testid={`toast-${item.tone}`}
        >
          <Toast.Description className="flex-1">
            {item.open ? (
              <button
                type="button"
                className="text-left underline-offset-2 hover:underline"
                onClick={() => {
                  item.open?.();
                  toastStore.dismiss(item.id);
                }}
              >
                {item.message}
              </button>
            ) : (
              item.message
            )}
          </Toast.Description>
          <Toast.Close aria-label={t("GLOBAL.CLOSE")} className="rounded p-1 text-slate-600 hover:bg-slate-100">
            <span aria-hidden="true">✕</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2" />
    </Toast.Provider>
  );
}
