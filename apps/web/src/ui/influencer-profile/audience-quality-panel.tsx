import {
  AUDIENCE_QUALITY_COMPONENTS,
  type AudienceQuality,
  type AudienceQualityComponentName,
  type InfluencerProfileNetwork,
} from "@market/contracts";
import { useTranslation } from "react-i18next";
import { formatEngagement } from "../../lib/influencer-format";
import { NetworkBadge } from "../network-badge";

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A component's measured figure in words ("1.2× its tier's median", "8% of followers in jumps"). */
function useFigure() {
  const { t } = useTranslation();
  return (name: AudienceQualityComponentName, value: number, quality: AudienceQuality) => {
    switch (name) {
      case "engagement":
        return t("AUDIENCE_QUALITY.FIGURE.engagement", {
          ratio: value.toFixed(2),
          median: formatEngagement(quality.tierMedian ?? 0),
        });
      case "growth":
        return value === 0
          ? t("AUDIENCE_QUALITY.FIGURE.growth_none")
          : t("AUDIENCE_QUALITY.FIGURE.growth", { share: percent(value) });
      case "likesPerComment":
        return t("AUDIENCE_QUALITY.FIGURE.likesPerComment", { ratio: value });
      case "regularity":
        return t("AUDIENCE_QUALITY.FIGURE.regularity", { share: percent(value) });
    }
  };
}

/** "Why this score": each component's score, figure, weight and what it means. */
function WhyThisScore({ quality }: { quality: AudienceQuality }) {
  const { t } = useTranslation();
  const figure = useFigure();
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm font-medium text-brand-800 underline">
        {t("AUDIENCE_QUALITY.WHY")}
      </summary>
      <dl className="mt-2 space-y-2 text-sm">
        {AUDIENCE_QUALITY_COMPONENTS.map((name) => {
          const component = quality.components[name];
          return (
            <div key={name}>
              <dt className="font-medium">
                {t(`AUDIENCE_QUALITY.COMPONENT.${name}`)}:{" "}
                {component.score === null
                  ? t("AUDIENCE_QUALITY.NOT_AVAILABLE")
                  : t("AUDIENCE_QUALITY.COMPONENT_SCORE", {
                      score: component.score,
                      weight: percent(component.weight),
                    })}
              </dt>
              <dd className="text-slate-600">
                {component.value !== null && <span className="block">{figure(name, component.value, quality)}</span>}
                {t(`AUDIENCE_QUALITY.MEANING.${name}`)}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        {t("AUDIENCE_QUALITY.BASIS", { snapshots: quality.snapshots, days: quality.spanDays })}
      </p>
    </details>
  );
}

/**
 * The audience-quality score of each measured network (issue 40; docs/product.md "Audience quality"), with why.
 * A network whose history is too short says so rather than showing a number.
 */
export function AudienceQualityPanel({ networks }: { networks: readonly InfluencerProfileNetwork[] }) {
  const { t } = useTranslation();
  const measured = networks.filter((network) => network.audienceQuality !== null);
  if (measured.length === 0) return null;
  return (
    <section aria-labelledby="profile-audience-quality" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="profile-audience-quality" className="mb-1 text-lg font-semibold">
        {t("AUDIENCE_QUALITY.TITLE")}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t("AUDIENCE_QUALITY.INTRO")}</p>
      <ul className="divide-y divide-slate-100">
        {measured.map((network) => {
          const quality = network.audienceQuality as AudienceQuality;
          return (
            <li key={network.id} className="py-3">
              <div className="flex items-center justify-between gap-3">
                <span className="flex items-center gap-2">
                  <NetworkBadge type={network.type} />
                  <span className="text-sm">{network.title}</span>
                </span>
                {quality.score === null ? (
                  <span className="text-sm text-slate-600">{t("AUDIENCE_QUALITY.NOT_ENOUGH_HISTORY")}</span>
                ) : (
                  <span className="text-sm">
                    <span className="text-lg font-semibold">{quality.score}</span> {t("AUDIENCE_QUALITY.OUT_OF")}
                  </span>
                )}
              </div>
              {quality.score !== null && <WhyThisScore quality={quality} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
