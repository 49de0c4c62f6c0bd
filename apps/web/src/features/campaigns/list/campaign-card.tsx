import type { DealView } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { formatDeadline, priceRangeLabel } from "../../../lib/deal-format";
import { CardSkeletons } from "../../../ui/card-skeletons";
import { NewBadge, RemainingLabel, ReviewBadge, StatusBadge } from "../../../ui/deal/campaign-badges";
import { CampaignPlaceholder } from "../../../ui/deal/campaign-placeholder";
import { CampaignMenu } from "./campaign-menu";
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
          <ReviewBadge reviewStatus={campaign.reviewStatus} />
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

/** Grey campaign cards while the campaigns load (CardSkeletons). */
export function CampaignCardSkeletons() {
  return (
    <CardSkeletons
      count={4}
      picture="size-24 rounded-md bg-slate-200"
      lines={["h-5 w-1/2 bg-slate-200", "h-4 w-1/3 bg-slate-100", "h-4 w-2/3 bg-slate-100"]}
    />
  );
}
