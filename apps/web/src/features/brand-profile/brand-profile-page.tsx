import type { BrandProfile } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { priceRangeLabel } from "../../lib/deal-format";
import { pageObjectQuery } from "../../lib/load-state";
import { parsePathId } from "../../lib/path-id";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { RemainingLabel } from "../../ui/deal/campaign-badges";
import { NotFoundPanel, QueryStates } from "../../ui/query-states";
import { ReviewList } from "../../ui/reviews/review-list";
import { BrandFigures } from "./brand-figures";

/** Reasons a second try would answer the same way. */
const FINAL_REASONS = ["not_found", "unauthorized", "forbidden"] as const;

/** The influencer's page of one deal, where an open campaign links. */
const dealPath = (id: number) => `/deals/${id}`;

/** The query the page and its route's loader share: one input function, one cache entry. */
export const brandProfileInput = (rawId: string) => ({ id: parsePathId(rawId) ?? 0 });

/**
 * A brand's public profile (issue 40, point 2), reached from its deals: company, about, campaigns open now, hires
 * made and the reliability figures, each with how it is computed and the count behind it.
 */
export function BrandProfilePage({ rawId }: { rawId: string }) {
  const { t } = useTranslation();
  const id = parsePathId(rawId);
  const profile = trpc.brands.profile.useQuery(brandProfileInput(rawId), {
    enabled: id !== null,
    ...pageObjectQuery(FINAL_REASONS),
  });
  useDocumentTitle(profile.data?.company || t("BRAND_PROFILE.TITLE"));
  const back = (
    <Link to="/search" className="inline-block font-medium text-brand-800 underline">
      {t("BRAND_PROFILE.BACK")}
    </Link>
  );
  return (
    <QueryStates
      query={profile}
      validId={id !== null}
      keepDataOnError
      notFound={<NotFoundPanel back={back}>{t("BRAND_PROFILE.NOT_FOUND")}</NotFoundPanel>}
      loading={<BrandProfileSkeleton />}
      back={back}
      loadError={t("BRAND_PROFILE.LOAD_ERROR")}
    >
      {(data) => <BrandProfileDetails profile={data} />}
    </QueryStates>
  );
}

function BrandProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6" data-testid="brand-profile-skeleton">
      <p role="status" className="sr-only">
        {t("GLOBAL.LOADING")}
      </p>
      <div aria-hidden="true" className="animate-pulse space-y-6">
        <div className="h-8 w-1/2 rounded bg-slate-200" />
        <div className="h-16 rounded bg-slate-100" />
        <div className="grid gap-4 sm:grid-cols-2">
          {[0, 1, 2, 3].map((index) => (
            <div key={index} className="h-28 rounded-lg bg-slate-200" />
          ))}
        </div>
      </div>
    </div>
  );
}

function BrandProfileDetails({ profile }: { profile: BrandProfile }) {
  const { t } = useTranslation();
  return (
    <article aria-labelledby="brand-title" className="space-y-8">
      <header className="space-y-2">
        <h1 id="brand-title" className="text-2xl font-bold break-words" data-testid="brand-company">
          {profile.company || t("BRAND_PROFILE.UNNAMED")}
        </h1>
        <p className="text-slate-700" data-testid="brand-hires">
          {profile.hires === 0
            ? t("BRAND_PROFILE.BRIEF.NO_HIRES")
            : t("BRAND_PROFILE.HIRES_MADE", { count: profile.hires })}
        </p>
        {profile.about ? (
          <p className="whitespace-pre-line break-words">{profile.about}</p>
        ) : (
          <p className="text-slate-600">{t("BRAND_PROFILE.NO_ABOUT")}</p>
        )}
      </header>

      <section aria-labelledby="brand-reliability" className="space-y-3">
        <h2 id="brand-reliability" className="text-xl font-semibold">
          {t("BRAND_PROFILE.RELIABILITY")}
        </h2>
        <p className="text-sm text-slate-600">
          {t("BRAND_PROFILE.RELIABILITY_NOTE", { minimum: profile.minimumCount })}
        </p>
        <BrandFigures figures={profile.figures} minimumCount={profile.minimumCount} />
      </section>

      <section aria-labelledby="brand-open" className="space-y-3">
        <h2 id="brand-open" className="text-xl font-semibold">
          {t("BRAND_PROFILE.OPEN_CAMPAIGNS")}
        </h2>
        {profile.openCampaigns.length === 0 ? (
          <p className="text-slate-600">{t("BRAND_PROFILE.NO_OPEN_CAMPAIGNS")}</p>
        ) : (
          <ul
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
            data-testid="brand-open-campaigns"
          >
            {profile.openCampaigns.map((campaign) => (
              <li key={campaign.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
                <Link to={dealPath(campaign.id)} className="font-semibold text-brand-800 hover:underline">
                  {campaign.title}
                </Link>
                <span className="text-sm text-slate-700">{t(`CATEGORY.${campaign.category}`)}</span>
                <span className="text-sm text-slate-700">{priceRangeLabel(campaign.price)}</span>
                <RemainingLabel remainingMs={campaign.remainingDuration} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ReviewList subject={{ of: "brand", id: profile.id }} canReport />
    </article>
  );
}
