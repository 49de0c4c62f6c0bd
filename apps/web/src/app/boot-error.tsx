import { useTranslation } from "react-i18next";
import { Button } from "../ui/button";

/** Shown when the page cannot learn who the user is: without that there is no route tree to run. */
export function BootError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p role="alert" className="text-lg">
        {t("GLOBAL.GENERIC_ERROR")}
      </p>
      <Button onClick={() => window.location.reload()}>{t("GLOBAL.RETRY")}</Button>
    </main>
  );
}
