import { TOAST_MAX_VISIBLE } from "@market/contracts";

/** success and error answer the user's own action; info brings news from elsewhere (a live notification). */
export type ToastTone = "success" | "error" | "info";

export interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
  /** What a click on the message does (opens the application or deal a notification is about); none: plain text. */
  open?: () => void;
}

/**
 * The toasts on screen. Spec section 2: at most `max` at once (a new one pushes out the oldest) and none once
 * page unload starts; how long each stays is the Toaster's job, which pauses the timer while it is hovered or
 * focused.
 */
export function createToastStore({ max }: { max: number }) {
  let items: readonly ToastItem[] = [];
  let nextId = 1;
  let muted = false;
  const listeners = new Set<() => void>();
  const publish = (next: readonly ToastItem[]) => {
    items = next;
    for (const listener of listeners) listener();
  };

  return {
    show(tone: ToastTone, message: string, open?: () => void): number | null {
      if (muted) return null;
      const item: ToastItem = open ? { id: nextId++, tone, message, open } : { id: nextId++, tone, message };
      publish([...items, item].slice(-max));
      return item.id;
    },
    dismiss(id: number) {
      if (items.some((item) => item.id === id)) publish(items.filter((item) => item.id !== id));
    },
    mute() {
      muted = true;
    },
    unmute() {
      muted = false;
    },
    getSnapshot: () => items,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/**
 * Mutes the store when the page starts to unload (a reload forced by an /api answer, a logout redirect), and
 * unmutes it when the browser restores the page from its back-forward cache.
 */
export function muteOnUnload(store: ToastStore, page: EventTarget): void {
  page.addEventListener("beforeunload", () => store.mute());
  page.addEventListener("pagehide", () => store.mute());
  page.addEventListener("pageshow", (event) => {
    if ((event as PageTransitionEvent).persisted) store.unmute();
  });
}

export const toastStore = createToastStore({ max: TOAST_MAX_VISIBLE });

export const toast = {
  success: (message: string) => toastStore.show("success", message),
  error: (message: string) => toastStore.show("error", message),
  info: (message: string, open?: () => void) => toastStore.show("info", message, open),
};
