import type { DealStatus } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { cx } from "../../lib/cx";
import { remainingTime } from "../../lib/deal-format";

const STATUS_TONES: Record<DealStatus, string> = {
  open: "bg-green-100 text-green-900",
  paused: "bg-amber-100 text-amber-900",
  closed: "bg-slate-200 text-slate-800",
};

const badge = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** The computed status (spec section 4) as a coloured badge that also says it in words. */
export function StatusBadge({ status }: { status: DealStatus }) {
  const { t } = useTranslation();
  return <span className={cx(badge, STATUS_TONES[status])}>{t(`CAMPAIGNS.STATUS.${status}`)}</span>;
}

/** Created within the last 24 hours. */
export function NewBadge() {
  const { t } = useTranslation();
  return <span className={cx(badge, "bg-brand-100 text-brand-900")}>{t("CAMPAIGNS.NEW_FLAG")}</span>;
}

/** Not approved by the admin review (badReview). */
export function NotApprovedBadge() {
  const { t } = useTranslation();
  return <span className={cx(badge, "bg-red-100 text-red-900")}>{t("CAMPAIGNS.NOT_APPROVED")}</span>;
}

/** "12 days left", in the warning colour under 4 days; "Closed" at 0. */
export function RemainingLabel({ remainingMs }: { remainingMs: number }) {
  const { t } = useTranslation();
  const remaining = remainingTime(remainingMs);
  if (remaining.unit === "closed") return <span>{t("CAMPAIGNS.REMAINING.closed")}</span>;
  return (
    <span className={remaining.soon ? "font-semibold text-amber-800" : undefined}>
      {t(`CAMPAIGNS.REMAINING.${remaining.unit}`, { count: remaining.count })}
    </span>
  );
}
