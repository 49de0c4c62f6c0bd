import { type InfluencerCardNetwork, STAR_RATING } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { formatEngagement, formatFollowers } from "../../lib/influencer-format";
import { NetworkBadge } from "../../ui/network-badge";
import { StarRating } from "../../ui/star-rating";

export function NetworkRow({ network }: { network: InfluencerCardNetwork }) {
  const { t } = useTranslation();
  return (
    <li className="py-2 text-sm">
      <div className="flex items-center justify-between gap-2">
        <NetworkBadge type={network.type} />
        {network.rating === null ? (
          <span className="text-slate-500">{t("FIND.CARD.NOT_RATED")}</span>
        ) : (
          <StarRating
            value={network.rating}
            label={t("FIND.CARD.RATING", { rating: network.rating, max: STAR_RATING.max })}
          />
        )}
      </div>
      <p className="mt-1 flex flex-wrap gap-x-4 pl-8 text-slate-600">
        <span>
          <span className="font-semibold text-slate-900">{formatFollowers(network.followers)}</span>{" "}
          {t("FIND.CARD.FOLLOWERS")}
        </span>
        <span>
          <span className="font-semibold text-slate-900">
            {network.engagement === null ? t("GLOBAL.NOT_AVAILABLE") : formatEngagement(network.engagement)}
          </span>{" "}
          {t("FIND.CARD.ENGAGEMENT")}
        </span>
        {network.audienceQuality !== null && (
          <span>
            <span className="font-semibold text-slate-900">{network.audienceQuality}</span> {t("FIND.CARD.QUALITY")}
          </span>
        )}
      </p>
    </li>
  );
}
