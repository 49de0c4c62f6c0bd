import type { DealStatus, ReviewStatus } from "@market/contracts";
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

/**
 * Where the admin review stands, for a campaign not approved: a new campaign waits in a neutral grey (nothing is
 * wrong with it yet); red is for a rejected one only. Nothing once approved.
 */
const REVIEW_TONES: Record<Exclude<ReviewStatus, "OK">, string> = {
  NONE: "bg-slate-100 text-slate-800",
  KO: "bg-red-100 text-red-900",
};

export function ReviewBadge({ reviewStatus }: { reviewStatus: ReviewStatus }) {
  const { t } = useTranslation();
  if (reviewStatus === "OK") return null;
  return (
    <span data-testid="review-badge" className={cx(badge, REVIEW_TONES[reviewStatus])}>
      {t(`CAMPAIGN.REVIEW_STATUS.${reviewStatus}`)}
    </span>
  );
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
