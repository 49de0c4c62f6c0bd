import { useEffect, useRef } from "react";
import { type FocusInfo, pageFlipTarget } from "./page-keys";

/** Reads the focus the way pageFlipTarget wants it. */
function focusInfo(target: EventTarget | null): FocusInfo {
  const element = target instanceof Element ? target : document.body;
  const roles: string[] = [];
  for (let node: Element | null = element; node; node = node.parentElement) {
    const role = node.getAttribute("role");
    if (role) roles.push(...role.split(/\s+/));
  }
  return {
    tagName: element.tagName.toUpperCase(),
    inputType: element instanceof HTMLInputElement ? element.type.toLowerCase() : null,
    editable: element instanceof HTMLElement && element.isContentEditable,
    roles,
  };
}

/**
 * Left and right arrows flip pages (spec section 2) while `lastPage` is known (null: nothing to flip through,
 * such as while loading or after an error).
 */
export function usePageKeys(page: number, lastPage: number | null, onPage: (page: number) => void) {
  // The listener is added once; the latest values are read through a ref so it never acts on a stale page.
  const latest = useRef({ page, lastPage, onPage });
  useEffect(() => {
    latest.current = { page, lastPage, onPage };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { page: current, lastPage: last, onPage: flip } = latest.current;
      if (last === null) return;
      const target = pageFlipTarget(event, focusInfo(event.target), current, last);
      if (target === null) return;
      event.preventDefault();
      flip(target);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
