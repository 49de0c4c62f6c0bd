/**
 * Spec section 2: on Find deals the left and right arrow keys flip to the previous and next page. The keys keep
 * their own meaning wherever they already do something: in text fields, selects, editable content, the widgets
 * that move with arrows (sliders, listboxes, menus, tabs...) and inside dialogs and popovers (a filter's list).
 */

import { previousPage } from "../../lib/pagination";

/** What the flip needs from a keydown event. */
export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  /** Already handled by whatever had the focus. */
  defaultPrevented: boolean;
  /** Part of an input method composition (typing with an IME). */
  isComposing: boolean;
}

/** Where the focus is, as far as the arrow keys go. */
export interface FocusInfo {
  /** Upper-case tag name of the focused element ("BODY" when nothing in particular has the focus). */
  tagName: string;
  /** The type of a focused input, lower case; null for other elements. */
  inputType: string | null;
  /** The focused element is editable (contenteditable, or inside such content). */
  editable: boolean;
  /** The roles of the focused element and of its ancestors, nearest first. */
  roles: readonly string[];
}

/** Inputs on which the arrows do nothing of their own: the flip may take them. */
const ARROW_FREE_INPUTS = new Set(["checkbox", "button", "submit", "reset", "image", "file", "color"]);

/** Elements whose arrows scrub, move a caret or choose a value. */
const ARROW_TAGS = new Set(["TEXTAREA", "SELECT", "VIDEO", "AUDIO"]);

/** Roles whose arrows move within the widget (ARIA authoring practices), and the layers over the page. */
const ARROW_ROLES = new Set([
  "slider",
  "listbox",
  "option",
  "combobox",
  "textbox",
  "searchbox",
  "spinbutton",
  "menu",
  "menubar",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "radiogroup",
  "radio",
  "tablist",
  "tab",
  "tree",
  "treegrid",
  "grid",
  "toolbar",
  "dialog",
  "alertdialog",
]);

/** Whether the arrow keys belong to the focused element rather than to the page. */
export function focusUsesArrows(focus: FocusInfo): boolean {
  if (focus.editable) return true;
  if (ARROW_TAGS.has(focus.tagName)) return true;
  if (focus.tagName === "INPUT" && !ARROW_FREE_INPUTS.has(focus.inputType ?? "text")) return true;
  return focus.roles.some((role) => ARROW_ROLES.has(role));
}

/**
 * The page a key press flips to, or null when it should not flip: not a bare left or right arrow, the focus
 * keeps the arrows, or the page would not change (already on the first or the last page). The target is clamped
 * to 1..last, so from a page past the last one the left arrow lands on the last page.
 */
export function pageFlipTarget(press: KeyPress, focus: FocusInfo, page: number, lastPage: number): number | null {
  if (press.key !== "ArrowLeft" && press.key !== "ArrowRight") return null;
  if (press.altKey || press.ctrlKey || press.metaKey || press.shiftKey) return null;
  if (press.defaultPrevented || press.isComposing) return null;
  if (focusUsesArrows(focus)) return null;
  const last = Math.max(1, lastPage);
  const target = press.key === "ArrowLeft" ? previousPage(page, last) : Math.max(1, Math.min(page + 1, last));
  return target === page ? null : target;
}
