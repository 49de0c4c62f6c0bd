import type { ApplicationPageView, ApplicationState } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { cx } from "../../lib/cx";
import { statusBannerText } from "./status-banner-text";

const TONES: Record<ApplicationState, string> = {
  WAITING: "border-amber-200 bg-amber-50 text-amber-950",
  PROGRESS: "border-brand-200 bg-brand-50 text-brand-950",
  COMPLETE: "border-emerald-200 bg-emerald-50 text-emerald-950",
  DECLINED: "border-slate-300 bg-slate-100 text-slate-900",
  EXPIRED: "border-slate-300 bg-slate-100 text-slate-900",
  REFUNDED: "border-violet-200 bg-violet-50 text-violet-950",
};

/** The application's status as the viewer's side reads it (status-banner-text.ts). */
export function StatusBanner({ view }: { view: ApplicationPageView }) {
  const { t } = useTranslation();
  const text = statusBannerText(t, view);
  return (
    <div
      data-testid="application-status"
      data-status={view.status}
      data-state={text.state}
      className={cx("rounded-lg border px-4 py-3", TONES[text.state])}
    >
      <p className="font-medium">{text.headline}</p>
      {text.detail && <p className="mt-1 text-sm">{text.detail}</p>}
    </div>
  );
}
