import type { BrandBrief } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { releaseTime } from "../../lib/brand-reliability-format";

/**
 * The short form of a brand's reliability (issue 40, point 2) on its deal page and its deal search cards:
 * "Releases in a median 2 days · 40 hires", or the hires alone while too few releases are behind the median.
 */
export function BrandBriefLine({ brand }: { brand: BrandBrief }) {
  const { t } = useTranslation();
  const hires =
    brand.hires === 0 ? t("BRAND_PROFILE.BRIEF.NO_HIRES") : t("BRAND_PROFILE.BRIEF.HIRES", { count: brand.hires });
  if (brand.medianReleaseHours === null) return <span data-testid="brand-brief">{hires}</span>;
  const time = releaseTime(brand.medianReleaseHours);
  return (
    <span data-testid="brand-brief">
      {t("BRAND_PROFILE.BRIEF.MEDIAN", { time: t(time.key, { count: time.count }) })} · {hires}
    </span>
  );
}

/** The brand's public profile, where its name links from its deals. */
export const brandPath = (id: number) => `/brands/${id}`;
