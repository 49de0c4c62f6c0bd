import { useTranslation } from "react-i18next";
import { daysHours } from "./cases-query";

/** A duration as days and hours, e.g. the time left of a paused countdown or a case's age. */
export function CaseDuration({ ms }: { ms: number }) {
  const { t } = useTranslation();
  const { days, hours } = daysHours(ms);
  return <>{t("CONSOLE_CASES.DURATION", { days, hours })}</>;
}
