import type { InfluencerProfileView } from "@market/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "../../lib/country-name";
import { genderSplit } from "../../lib/profile-format";

/** Audience panels of spec section 2: gender split, age range, interests, country; unknown values say so. */
export function AudiencePanels({ audience }: { audience: InfluencerProfileView["audience"] }) {
  const { t } = useTranslation();
  const unknown = t("INFLUENCER.PROFILE.UNKNOWN");
  const split = genderSplit(audience.males);
  return (
    <section aria-labelledby="profile-audience">
      <h2 id="profile-audience" className="mb-3 text-lg font-semibold">
        {t("INFLUENCER.PROFILE.AUDIENCE")}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Panel label={t("INFLUENCER.PROFILE.GENDER")}>
          {split ? t("INFLUENCER.PROFILE.GENDER_SPLIT", split) : unknown}
        </Panel>
        <Panel label={t("INFLUENCER.PROFILE.AGES")}>
          {audience.ages
            ? t("INFLUENCER.PROFILE.AGES_VALUE", { min: audience.ages[0], max: audience.ages[1] })
            : unknown}
        </Panel>
        <Panel label={t("INFLUENCER.PROFILE.INTERESTS")}>
          {audience.interests.length > 0 ? audience.interests.join(", ") : unknown}
        </Panel>
        <Panel label={t("INFLUENCER.PROFILE.COUNTRY")}>
          {audience.country ? countryName(audience.country) : unknown}
        </Panel>
      </dl>
    </section>
  );
}

function Panel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-xs text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 font-medium">{children}</dd>
    </div>
  );
}
