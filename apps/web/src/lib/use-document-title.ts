import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Names the browser tab after the screen, the first thing a screen reader announces on arrival. */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const appName = t("GLOBAL.APP_NAME");
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
}
