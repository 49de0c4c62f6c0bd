import {
  BRAND_FIGURE_EXPLANATIONS,
  BRAND_FIGURE_KEYS,
  type BrandFigure,
  type BrandFigureBasis,
  type BrandFigureKey,
  shownFigure,
} from "@market/contracts";
import type { BrandReliabilityRow } from "@market/db";

/** A brand's counters as brand_reliability keeps them; a brand that never hired has none (all zero). */
export type ReliabilityCounts = Omit<BrandReliabilityRow, "brandId">;

export const NO_HIRES: ReliabilityCounts = {
  hires: 0,
  hiresContested: 0,
  hiresRefunded: 0,
  releases: 0,
  releasesAutomatic: 0,
  timedReleases: 0,
  medianReleaseHours: null,
};

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** Each figure's value and the count behind it, before the minimum hides it. */
function raw(
  counts: ReliabilityCounts,
): Record<BrandFigureKey, { value: number | null; count: number; basis: BrandFigureBasis }> {
  return {
    medianReleaseHours: { value: counts.medianReleaseHours, count: counts.timedReleases, basis: "releases" },
    automaticReleaseShare: {
      value: share(counts.releasesAutomatic, counts.releases),
      count: counts.releases,
      basis: "releases",
    },
    contestedShare: { value: share(counts.hiresContested, counts.hires), count: counts.hires, basis: "hires" },
    refundedShare: { value: share(counts.hiresRefunded, counts.hires), count: counts.hires, basis: "hires" },
  };
}

/** The profile's figures in BRAND_FIGURE_KEYS' order, each hidden (null) below BRAND_FIGURE_MIN_COUNT. */
export function brandFigures(counts: ReliabilityCounts): BrandFigure[] {
  const figures = raw(counts);
  return BRAND_FIGURE_KEYS.map((key) => ({
    key,
    value: shownFigure(figures[key].value, figures[key].count),
    count: figures[key].count,
    basis: figures[key].basis,
    howComputed: BRAND_FIGURE_EXPLANATIONS[key],
  }));
}
