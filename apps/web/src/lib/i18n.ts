import { MAX_IMAGE_PIXELS } from "@market/contracts";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type en from "../locales/en.json";
// Only the texts of the visitor's landing (the shell and Find influencers) come with the first load; the rest of
// the same file follows with the screens that need it (loadAllTexts), which keeps it off the landing (issue 17).
import { CATEGORY, FIND, GLOBAL, NAV, NETWORK } from "../locales/en.json";

/** English is the default and, for now, only language (spec section 1). */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: { CATEGORY, FIND, GLOBAL, NAV, NETWORK } } },
  interpolation: {
    // React escapes what it renders.
    escapeValue: false,
    // Limits a text names, read from contracts so that no text restates a number and no caller has to pass it.
    defaultVariables: { maxImageMegapixels: MAX_IMAGE_PIXELS / 1_000_000 },
  },
  initAsync: false,
  // Keeps the browser console (and test output) for the app's own messages.
  showSupportNotice: false,
});

let allTexts: Promise<void> | undefined;

/**
 * Adds every text of en.json, once; a route tree or route other than the visitor's landing awaits it before it
 * renders. The `?raw` import (the file as text) is a module of its own, so the landing's named imports above do not pull
 * it in.
 */
export function loadAllTexts(): Promise<void> {
  allTexts ??= import("../locales/en.json?raw").then(({ default: text }) => {
    i18n.addResourceBundle("en", "translation", JSON.parse(text), true, true);
  });
  return allTexts;
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}
