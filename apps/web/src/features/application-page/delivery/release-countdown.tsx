import type { ApplicationPageView } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { cx } from "../../../lib/cx";
import { countdownText } from "./countdown-text";

/**
 * The release countdown of a hire whose work is done (beyond the spec): days and hours left before the automatic
 * release, or that it is paused and why. The page reads the application again every 10 s, so the time left stays
 * current without a clock of its own (the server's, not the browser's).
 */
export function ReleaseCountdown({ view }: { view: ApplicationPageView }) {
  const { t } = useTranslation();
  if (!view.countdown) return null;
  const text = countdownText(t, view.role, view.countdown);
  return (
    <section
      aria-label={t("APPLICATION_PAGE.COUNTDOWN.LABEL")}
      data-testid="release-countdown"
      data-state={view.countdown.state}
      className={cx(
        "rounded-lg border px-4 py-3 text-sm",
        text.paused ? "border-amber-300 bg-amber-50 text-amber-950" : "border-brand-200 bg-white text-slate-900",
      )}
    >
      <p className="font-medium">{text.headline}</p>
      {text.details.length > 0 && (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {text.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
