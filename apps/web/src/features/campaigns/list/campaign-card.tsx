import type { DealView } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { NewBadge, NotApprovedBadge, RemainingLabel, StatusBadge } from "./campaign-badges";
import { CampaignMenu } from "./campaign-menu";
import { formatDeadline, priceRangeLabel } from "./format";
import { campaignPath } from "./paths";

interface CampaignCardProps {
  campaign: DealView;
  busy: boolean;
  onPause: (id: number) => void;
  onResume: (id: number) => void;
  onDelete: (campaign: { id: number; title: string }) => void;
}

/** One campaign of the list: its first image, what it is, where it stands, and its menu. */
export function CampaignCard({ campaign, busy, onPause, onResume, onDelete }: CampaignCardProps) {
  const { t } = useTranslation();
  const thumbnail = campaign.images[0];
  const titleId = `campaign-${campaign.id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      data-testid="campaign-card"
      className="flex gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      {thumbnail ? (
        <img src={thumbnail.url} alt="" className="size-24 shrink-0 rounded-md object-cover" loading="lazy" />
      ) : (
        <CampaignPlaceholder className="size-24 shrink-0" />
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="min-w-0 truncate text-lg font-semibold">
            <Link to={campaignPath(campaign.id)} className="text-brand-800 hover:underline">
              {campaign.title}
            </Link>
          </h2>
          <StatusBadge status={campaign.status} />
          {campaign.isNew && <NewBadge />}
          {campaign.badReview && <NotApprovedBadge />}
        </div>
        <p className="text-sm text-slate-700">
          {t(`CATEGORY.${campaign.category}`)} · {t("CAMPAIGNS.PRICE", { price: priceRangeLabel(campaign.price) })}
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <span>{t("CAMPAIGNS.DEADLINE", { date: formatDeadline(campaign.deadline) })}</span>
          <RemainingLabel remainingMs={campaign.remainingDuration} />
          <span>{t("CAMPAIGNS.APPLICANTS", { count: campaign.applicants })}</span>
        </p>
      </div>
      <div className="shrink-0">
        <CampaignMenu campaign={campaign} busy={busy} onPause={onPause} onResume={onResume} onDelete={onDelete} />
      </div>
    </li>
  );
}

/** A neutral picture for a campaign without images. */
export function CampaignPlaceholder({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="img"
      aria-label={t("CAMPAIGNS.NO_IMAGE")}
      className={`flex items-center justify-center rounded-md bg-slate-100 text-slate-400 ${className ?? ""}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-10"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="m21 17-5-5-9 8" />
      </svg>
    </div>
  );
}

/** Grey cards while the campaigns load; assistive technology hears one "Loading…". */
export function CampaignCardSkeletons() {
  const { t } = useTranslation();
  return (
    <div role="status">
      <span className="sr-only">{t("GLOBAL.LOADING")}</span>
      <ul aria-hidden="true" className="space-y-4">
        {[0, 1, 2, 3].map((index) => (
          <li
            key={index}
            className="flex gap-4 rounded-lg border border-slate-200 bg-white p-4 motion-safe:animate-pulse"
          >
            <div className="size-24 rounded-md bg-slate-200" />
            <div className="flex-1 space-y-3">
              <div className="h-5 w-1/2 rounded bg-slate-200" />
              <div className="h-4 w-1/3 rounded bg-slate-100" />
              <div className="h-4 w-2/3 rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
