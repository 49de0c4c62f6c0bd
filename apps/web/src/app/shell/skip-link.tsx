import { useTranslation } from "react-i18next";

export const MAIN_ID = "main";

/** First stop of the keyboard: jumps over the header to the page content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t("GLOBAL.SKIP_TO_CONTENT")}
    </a>
  );
}
