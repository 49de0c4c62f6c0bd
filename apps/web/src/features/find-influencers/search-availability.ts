import { SEARCH_DISABLED_MAX_WIDTH } from "@market/contracts";
import { useSyncExternalStore } from "react";

/** Spec section 2: the search is desktop-only, disabled at a window width of 900 or less. */
export const isSearchDisabled = (windowWidth: number): boolean => windowWidth <= SEARCH_DISABLED_MAX_WIDTH;

const subscribe = (onChange: () => void) => {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
};

/** Follows the window as it is resized or rotated. */
export const useSearchDisabled = (): boolean =>
  useSyncExternalStore(subscribe, () => isSearchDisabled(window.innerWidth));
