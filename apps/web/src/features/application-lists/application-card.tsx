import {
  type AccountKind,
  type ApplicationState,
  applicationPath,
  applicationState,
  type ApplicationCard as Card,
  formatUsd,
} from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { cx } from "../../lib/cx";
import { formatDeadline } from "../../lib/deal-format";
import { formatCount, formatLocation } from "../../lib/influencer-format";
import { refundSummary } from "../../lib/refund-format";
import { Avatar } from "../../ui/avatar";
import { CardSkeletons } from "../../ui/card-skeletons";
import { timeLeftBadge } from "./time-left";

const badge = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";

const STATUS_TONES: Record<ApplicationState, string> = {
  WAITING: "bg-amber-100 text-amber-900",
  PROGRESS: "bg-brand-100 text-brand-900",
  COMPLETE: "bg-green-100 text-green-900",
  DECLINED: "bg-slate-200 text-slate-800",
  EXPIRED: "bg-slate-200 text-slate-800",
  REFUNDED: "bg-violet-100 text-violet-900",
};

interface ApplicationCardProps {
  card: Card;
  /** The viewer's kind: a brand reads the influencer first, an influencer the deal. */
  kind: AccountKind;
  /** Whether the campaign is worth naming: not on one campaign's own applicants. */
  showDeal: boolean;
}

/** One application of a list, linking to its page. */
export function ApplicationCard({ card, kind, showDeal }: ApplicationCardProps) {
  const { t } = useTranslation();
  const titleId = `application-${card.id}-title`;
  // Declined, expired and refunded are all DENIED, but each party needs to know which.
  const status = applicationState(card);
  const timeLeft = timeLeftBadge(card);
  // A brand reads where the influencer is and, across campaigns, which one; an influencer which brand it is.
  const subtitle =
    kind === "brand"
      ? [
          formatLocation(card.influencer.city, card.influencer.country),
          showDeal ? t("APPLICATIONS.FOR_DEAL", { title: card.deal.title }) : null,
        ]
          .filter(Boolean)
          .join(" · ")
      : t("APPLICATIONS.BY", { brand: card.deal.author });
  return (
    <li
      aria-labelledby={titleId}
      data-testid="application-card"
      className="flex gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      {kind === "brand" && <Avatar name={card.influencer.username} src={card.influencer.picture} className="size-14" />}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words">
            <Link to={applicationPath(kind, card.id)} className="text-brand-800 hover:underline">
              {kind === "brand" ? card.influencer.username : card.deal.title}
            </Link>
          </h2>
          <span data-testid="application-state" className={cx(badge, STATUS_TONES[status])}>
            {t(`APPLICATIONS.STATUS.${status}`)}
          </span>
          {timeLeft && (
            <span data-testid="time-left" className={cx(badge, "bg-red-100 text-red-900")}>
              {t(`APPLICATIONS.TIME_LEFT.${timeLeft.unit}`, { count: timeLeft.count })}
            </span>
          )}
          {card.unread > 0 && (
            <span className={cx(badge, "bg-brand-700 text-white")}>
              {t("APPLICATIONS.UNREAD", { count: card.unread })}
            </span>
          )}
        </div>
        {subtitle && <p className="text-sm text-slate-700">{subtitle}</p>}
        {card.refund && (
          <p data-testid="application-refund" className="text-sm text-violet-900">
            {refundSummary(t, card.refund, kind)}
          </p>
        )}
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          {kind === "brand" && <Figure label={t("APPLICATIONS.REACH")}>{formatCount(card.totalReach)}</Figure>}
          <Figure label={t("APPLICATIONS.PRICE")}>{formatUsd(card.totalPrice * 100)}</Figure>
          <Figure label={t("APPLICATIONS.UPDATED")}>{formatDeadline(card.updated)}</Figure>
        </dl>
      </div>
    </li>
  );
}

function Figure({ label, children }: { label: string; children: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** Grey application cards while the first page loads (CardSkeletons). */
export function ApplicationCardSkeletons() {
  return (
    <CardSkeletons
      count={4}
      picture="size-14 rounded-full bg-slate-200"
      lines={["h-5 w-1/3 bg-slate-200", "h-4 w-1/2 bg-slate-100", "h-4 w-2/3 bg-slate-100"]}
    />
  );
}
