import { z } from "zod";
import type { Category, PriceRange } from "./enums";
import { rowId } from "./ids";
import type { ReviewListPage } from "./reviews";

/**
 * A brand's public profile (issue 40, point 2): who it is, its campaigns open now, and its reliability figures
 * computed from its hires' lifecycles (docs/product.md "Brand profile" defines each). Never private data: no email,
 * no contact details, no balance, no single hire.
 */

/** A figure is shown only when this many hires (or releases) at least are behind it: below, one hire is a person. */
export const BRAND_FIGURE_MIN_COUNT = 5;

/** The profile lists at most this many of the brand's open campaigns, newest first. */
export const BRAND_OPEN_CAMPAIGNS_MAX = 20;

export const brandIdInput = z.object({ id: rowId });
export type BrandIdInput = z.infer<typeof brandIdInput>;

export const BRAND_FIGURE_KEYS = [
  "medianReleaseHours",
  "automaticReleaseShare",
  "contestedShare",
  "refundedShare",
] as const;
export type BrandFigureKey = (typeof BRAND_FIGURE_KEYS)[number];

/** What a figure's count counts: the hires paid, or the releases (of which the median counts those with a work done). */
export type BrandFigureBasis = "hires" | "releases";

/** How each figure is computed, in words: the profile shows it beside the figure, and the API answers it. */
export const BRAND_FIGURE_EXPLANATIONS: Record<BrandFigureKey, string> = {
  medianReleaseHours:
    "The median time from the influencer's last 'work done' to the release of the money, over the brand's released hires that had a work done.",
  automaticReleaseShare:
    "Of the brand's released hires, the share released automatically when the brand's 10-day window ended, rather than by the brand.",
  contestedShare:
    "Of the brand's paid hires, the share where the brand contested the work (said it was not done) at least once.",
  refundedShare: "Of the brand's paid hires, the share an administrator refunded to the brand.",
};

export interface BrandFigure {
  key: BrandFigureKey;
  /** Hours for the median, a share from 0 to 1 for the others; null when fewer than BRAND_FIGURE_MIN_COUNT are behind it. */
  value: number | null;
  /** How many hires or releases (basis) the figure is computed over. */
  count: number;
  basis: BrandFigureBasis;
  howComputed: string;
}

/** One of the brand's campaigns open now, as its profile lists it (linking to its deal page). */
export interface BrandOpenCampaign {
  id: number;
  title: string;
  category: Category;
  price: PriceRange;
  /** Milliseconds until its deadline. */
  remainingDuration: number;
}

export interface BrandProfile {
  id: number;
  /** The brand's company name (the deals' author). */
  company: string;
  about: string;
  /** Hires paid by the brand, refunded ones included. */
  hires: number;
  openCampaigns: BrandOpenCampaign[];
  /** In BRAND_FIGURE_KEYS' order. */
  figures: BrandFigure[];
  /** BRAND_FIGURE_MIN_COUNT, so that a reader knows why a figure is hidden. */
  minimumCount: number;
  /** The first page of the influencers' published reviews of the brand (reviews.ofBrand pages on from it). */
  reviews: ReviewListPage;
}

/**
 * The short form of a brand's reliability on its deal page and deal search cards: its hires, and the median hours
 * from work done to release (null below BRAND_FIGURE_MIN_COUNT timed releases).
 */
export interface BrandBrief {
  id: number;
  hires: number;
  medianReleaseHours: number | null;
}

/** The median shown only above the minimum count behind it (one rule for the profile and the short form). */
export const shownFigure = (value: number | null, count: number): number | null =>
  count >= BRAND_FIGURE_MIN_COUNT ? value : null;

/**
 * The short form of a brand (its id, hires and median, hidden as on the profile) from its kept counts, null for a
 * brand that never paid a hire: the deal page and the deal search build it alike.
 */
export const brandBriefOf = (
  id: number,
  counts: { hires: number; timedReleases: number; medianReleaseHours: number | null } | null,
): BrandBrief => ({
  id,
  hires: counts?.hires ?? 0,
  medianReleaseHours: counts ? shownFigure(counts.medianReleaseHours, counts.timedReleases) : null,
});
