import { DEAL_SEARCH_PAGE_SIZE, type DealSearchItem } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { priceRangeLabel } from "../../lib/deal-format";
import { CardSkeletons } from "../../ui/card-skeletons";
import { BrandBriefLine } from "../../ui/deal/brand-brief";
import { NewBadge, RemainingLabel } from "../../ui/deal/campaign-badges";
import { CampaignPlaceholder } from "../../ui/deal/campaign-placeholder";
import { NetworkBadge } from "../../ui/network-badge";

/** The influencer's page of one deal (spec section 2). */
export const dealPath = (id: number) => `/deals/${id}`;

/** One deal of the results: its first image, what it is, who offers it, for which networks and for how long. */
export function DealItem({ deal }: { deal: DealSearchItem }) {
  const { t } = useTranslation();
  const titleId = `deal-${deal.id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      data-testid="deal-item"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row"
    >
      {deal.image ? (
        <img
          src={deal.image}
          alt=""
          className="h-40 w-full shrink-0 rounded-md object-cover sm:size-28"
          loading="lazy"
        />
      ) : (
        <CampaignPlaceholder className="h-40 w-full shrink-0 sm:size-28" />
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="min-w-0 text-lg font-semibold break-words">
            <Link to={dealPath(deal.id)} className="text-brand-800 hover:underline">
              {deal.title}
            </Link>
          </h3>
          {deal.isNew && <NewBadge />}
        </div>
        <p className="text-sm text-slate-700">
          {t("FIND_DEALS.ITEM.BY", { brand: deal.author })} · <BrandBriefLine brand={deal.brand} />
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <span>{t(`CATEGORY.${deal.category}`)}</span>
          <span>{t("FIND_DEALS.ITEM.PRICE", { price: priceRangeLabel(deal.price) })}</span>
          <RemainingLabel remainingMs={deal.remainingDuration} />
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="sr-only">{t("FIND_DEALS.ITEM.NETWORKS")}</span>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {deal.networks.map((network) => (
              <li key={network}>
                <NetworkBadge type={network} />
              </li>
            ))}
          </ul>
        </div>
        {deal.extras.length > 0 && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-600">{t("FIND_DEALS.ITEM.EXTRAS")}</span>
            <ul className="flex flex-wrap gap-2">
              {deal.extras.map((extra) => (
                <li
                  key={extra}
                  className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-medium text-slate-800"
                >
                  {t(`CAMPAIGN.EXTRA.${extra}`)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </li>
  );
}

/** A page of grey deal items while the first answer comes (CardSkeletons). */
export function DealItemSkeletons() {
  return (
    <CardSkeletons
      count={DEAL_SEARCH_PAGE_SIZE}
      card="flex flex-col gap-4 sm:flex-row"
      picture="h-40 w-full rounded-md bg-slate-200 sm:size-28"
      lines={["h-5 w-1/2 bg-slate-200", "h-4 w-1/4 bg-slate-100", "h-4 w-2/3 bg-slate-100", "h-6 w-1/3 bg-slate-100"]}
    />
  );
}
