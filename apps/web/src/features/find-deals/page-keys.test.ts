import { describe, expect, it } from "vitest";
import { type FocusInfo, focusUsesArrows, type KeyPress, pageFlipTarget } from "./page-keys";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  defaultPrevented: false,
  isComposing: false,
  ...extra,
});

const BODY: FocusInfo = { tagName: "BODY", inputType: null, editable: false, roles: [] };
const focusOn = (info: Partial<FocusInfo>): FocusInfo => ({ ...BODY, ...info });

describe("pageFlipTarget", () => {
  it("flips to the previous and next page", () => {
    expect(pageFlipTarget(press("ArrowLeft"), BODY, 3, 5)).toBe(2);
    expect(pageFlipTarget(press("ArrowRight"), BODY, 3, 5)).toBe(4);
  });

  it("does not flip before the first page nor after the last", () => {
    expect(pageFlipTarget(press("ArrowLeft"), BODY, 1, 5)).toBeNull();
    expect(pageFlipTarget(press("ArrowRight"), BODY, 5, 5)).toBeNull();
    expect(pageFlipTarget(press("ArrowRight"), BODY, 1, 1)).toBeNull();
    expect(pageFlipTarget(press("ArrowLeft"), BODY, 1, 0)).toBeNull();
  });

  it("clamps from a page past the last one", () => {
    expect(pageFlipTarget(press("ArrowLeft"), BODY, 9, 4)).toBe(4);
    expect(pageFlipTarget(press("ArrowRight"), BODY, 9, 4)).toBe(4);
  });

  it("ignores other keys", () => {
    for (const key of ["ArrowUp", "ArrowDown", "Enter", "PageDown", "l", " "]) {
      expect(pageFlipTarget(press(key), BODY, 2, 5)).toBeNull();
    }
  });

  it("ignores arrows with a modifier key (browser history, text selection...)", () => {
    for (const modifier of ["altKey", "ctrlKey", "metaKey", "shiftKey"] as const) {
      expect(pageFlipTarget(press("ArrowRight", { [modifier]: true }), BODY, 2, 5)).toBeNull();
    }
  });

  it("ignores a key already handled or part of a composition", () => {
    expect(pageFlipTarget(press("ArrowRight", { defaultPrevented: true }), BODY, 2, 5)).toBeNull();
    expect(pageFlipTarget(press("ArrowRight", { isComposing: true }), BODY, 2, 5)).toBeNull();
  });

  it("leaves the arrows to a text field", () => {
    expect(pageFlipTarget(press("ArrowLeft"), focusOn({ tagName: "INPUT", inputType: "search" }), 2, 5)).toBeNull();
  });

  it("flips from a link, a button or a checkbox", () => {
    expect(pageFlipTarget(press("ArrowRight"), focusOn({ tagName: "A" }), 2, 5)).toBe(3);
    expect(pageFlipTarget(press("ArrowRight"), focusOn({ tagName: "BUTTON" }), 2, 5)).toBe(3);
    expect(pageFlipTarget(press("ArrowRight"), focusOn({ tagName: "INPUT", inputType: "checkbox" }), 2, 5)).toBe(3);
  });
});

describe("focusUsesArrows", () => {
  it("is false on the page itself and on plain controls", () => {
    expect(focusUsesArrows(BODY)).toBe(false);
    expect(focusUsesArrows(focusOn({ tagName: "BUTTON", roles: ["navigation"] }))).toBe(false);
    expect(focusUsesArrows(focusOn({ tagName: "INPUT", inputType: "submit" }))).toBe(false);
  });

  it("is true in text fields of every type, textareas and selects", () => {
    for (const inputType of ["text", "search", "number", "email", "range", "radio", "date"]) {
      expect(focusUsesArrows(focusOn({ tagName: "INPUT", inputType }))).toBe(true);
    }
    expect(focusUsesArrows(focusOn({ tagName: "INPUT", inputType: null }))).toBe(true);
    expect(focusUsesArrows(focusOn({ tagName: "TEXTAREA" }))).toBe(true);
    expect(focusUsesArrows(focusOn({ tagName: "SELECT" }))).toBe(true);
  });

  it("is true in editable content", () => {
    expect(focusUsesArrows(focusOn({ tagName: "DIV", editable: true }))).toBe(true);
  });

  it("is true in a slider, a listbox and inside a filter's popover", () => {
    expect(focusUsesArrows(focusOn({ tagName: "SPAN", roles: ["slider", "group"] }))).toBe(true);
    expect(focusUsesArrows(focusOn({ tagName: "DIV", roles: ["option", "listbox"] }))).toBe(true);
    expect(focusUsesArrows(focusOn({ tagName: "BUTTON", roles: ["dialog"] }))).toBe(true);
    expect(focusUsesArrows(focusOn({ tagName: "DIV", roles: ["menuitem", "menu"] }))).toBe(true);
  });
});
