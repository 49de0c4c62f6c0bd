import { type InfluencerCard as Card, formatUsd } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatLocation } from "../../lib/influencer-format";
import { Avatar } from "../../ui/avatar";
import { NetworkRow } from "./network-row";

const DASH = "—";

export function InfluencerCard({ influencer }: { influencer: Card }) {
  const { t } = useTranslation();
  const { audience } = influencer;
  const headingId = `influencer-${influencer.id}`;
  return (
    <li data-testid="influencer-card" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <article aria-labelledby={headingId}>
        <header className="flex items-center gap-4">
          <Avatar name={influencer.username} src={influencer.picture} className="size-14 text-lg" />
          <div className="min-w-0">
            <h2 id={headingId} className="truncate text-lg font-semibold">
              <Link
                to={`/influencers/${influencer.id}`}
                className="hover:underline focus-visible:underline"
                data-testid="influencer-link"
              >
                {influencer.username}
              </Link>
            </h2>
            <p className="text-sm text-slate-600">
              <span className="sr-only">{t("FIND.CARD.LOCATION")}: </span>
              {formatLocation(influencer.city, influencer.country) ?? DASH}
            </p>
          </div>
        </header>
        <dl className="mt-4 grid grid-cols-3 gap-3 text-sm">
          <Fact label={t("FIND.CARD.CATEGORY")}>
            {influencer.category ? t(`CATEGORY.${influencer.category}`) : DASH}
          </Fact>
          <Fact label={t("FIND.CARD.AUDIENCE")}>
            {audience
              ? t("FIND.CARD.AUDIENCE_VALUE", {
                  males: Math.round(audience.males),
                  min: audience.ages[0],
                  max: audience.ages[1],
                })
              : DASH}
          </Fact>
          <Fact label={t("FIND.CARD.AVERAGE_FEE")}>
            {influencer.averageFeeCents === null ? DASH : formatUsd(influencer.averageFeeCents)}
          </Fact>
        </dl>
        {influencer.networks.length > 0 && (
          <ul aria-label={t("FIND.CARD.NETWORKS")} className="mt-4 divide-y divide-slate-100 border-t border-slate-100">
            {influencer.networks.map((network, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a type can repeat (conflicting accounts) and card networks carry no id; rows hold no state and are never reordered in place.
              <NetworkRow key={`${network.type}-${index}`} network={network} />
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}
