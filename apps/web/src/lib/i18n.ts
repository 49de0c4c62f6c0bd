import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../locales/en.json";

/** English is the default and, for now, only language (spec section 1). */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: en } },
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
  // Keeps the browser console (and test output) for the app's own messages.
  showSupportNotice: false,
});

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}
