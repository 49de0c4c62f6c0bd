import { formatUsd, type InfluencerProfileView, STAR_RATING } from "@market/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatCount, formatFollowers, formatLocation } from "../../lib/influencer-format";
import { Avatar } from "../avatar";
import { NetworkBadge } from "../network-badge";
import { StarRating } from "../star-rating";

/**
 * The top of an influencer profile (spec section 2, Influencer profile): the category banner, the picture, the title
 * with the username and the maybeFake warning (shown while a flag stands), the place and the networks with their followers. Brands,
 * visitors and the influencer on /profile see the same; `action` is the brand's Hire button.
 */
export function ProfileHeader({ profile, action }: { profile: InfluencerProfileView; action?: ReactNode }) {
  const { t } = useTranslation();
  const location = formatLocation(profile.city, profile.country);
  const category = useCategoryLabel(profile);
  return (
    <>
      <div className="rounded-lg bg-brand-700 px-5 py-3 text-white" data-testid="category-banner">
        {category}
      </div>
      <header className="flex flex-wrap items-center gap-5">
        <Avatar name={profile.username} src={profile.picture} className="size-24 shrink-0 text-2xl" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold">{t("INFLUENCER.PROFILE.TITLE", { username: profile.username })}</h1>
          {/*
            In the title's column, where it has the column's width and wraps within it (issue 36): pinned under the
            avatar, a sentence wider than the picture stuck out of it and, on a phone, out of the page's column.
          */}
          {profile.maybeFake && (
            <p
              role="note"
              data-testid="maybe-fake"
              className="mt-1 inline-flex max-w-full items-start gap-1 rounded bg-red-700 px-2 py-0.5 text-sm text-white"
            >
              <span aria-hidden="true">⚠</span>
              <span className="min-w-0">{t("INFLUENCER.PROFILE.MAYBE_FAKE")}</span>
            </p>
          )}
          {location && <p className="text-slate-600">{location}</p>}
          {profile.networks.length > 0 && (
            <ul aria-label={t("INFLUENCER.PROFILE.NETWORKS_SUMMARY")} className="mt-2 flex flex-wrap gap-4 text-sm">
              {profile.networks.map((network) => (
                <li key={network.id} className="inline-flex items-center gap-2">
                  <NetworkBadge type={network.type} />
                  <span>{formatFollowers(network.followers)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        {action}
      </header>
    </>
  );
}

/** The profile's total reach, category, average fee and the brands' feedback, then its about text. */
export function ProfileFacts({ profile }: { profile: InfluencerProfileView }) {
  const { t } = useTranslation();
  const category = useCategoryLabel(profile);
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label={t("INFLUENCER.PROFILE.TOTAL_REACH")}>{formatCount(profile.totalReach)}</Fact>
        <Fact label={t("INFLUENCER.PROFILE.CATEGORY")}>{category}</Fact>
        <Fact label={t("INFLUENCER.PROFILE.AVERAGE_FEE")}>
          {profile.averageFeeCents === null
            ? t("INFLUENCER.PROFILE.NOT_AVAILABLE")
            : formatUsd(profile.averageFeeCents)}
        </Fact>
        <Fact label={t("INFLUENCER.PROFILE.FEEDBACK")}>
          <span data-testid="profile-feedback">
            {profile.feedback.average === null ? (
              t("INFLUENCER.PROFILE.NO_FEEDBACK")
            ) : (
              <span className="inline-flex flex-wrap items-center gap-2">
                <StarRating
                  value={profile.feedback.average}
                  label={t("FEEDBACK.RATED", { value: profile.feedback.average, max: STAR_RATING.max })}
                />
                {t("INFLUENCER.PROFILE.FEEDBACK_SUMMARY", {
                  average: profile.feedback.average,
                  max: STAR_RATING.max,
                  count: profile.feedback.count,
                })}
              </span>
            )}
          </span>
        </Fact>
      </dl>
      <section aria-labelledby="profile-about" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="profile-about" className="mb-2 text-lg font-semibold">
          {t("INFLUENCER.PROFILE.ABOUT")}
        </h2>
        <p className="whitespace-pre-line text-slate-700">
          {profile.about.trim() === "" ? t("INFLUENCER.PROFILE.NO_ABOUT") : profile.about}
        </p>
      </section>
    </>
  );
}

/** The profile's category; it may be unknown (spec section 3), which says so. */
function useCategoryLabel(profile: InfluencerProfileView): string {
  const { t } = useTranslation();
  return profile.category ? t(`CATEGORY.${profile.category}`) : t("INFLUENCER.PROFILE.UNKNOWN");
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-xs text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-semibold">{children}</dd>
    </div>
  );
}
