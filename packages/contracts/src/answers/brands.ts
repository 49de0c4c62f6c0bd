import { z } from "zod";
import { BRAND_FIGURE_KEYS } from "../brand-profile";
import { category, priceRange } from "../enum-schemas";
import { answerSchemas } from "./registry";
import { reviewListAnswer } from "./reviews";

/** The short form of a brand's reliability on its deals (contracts brand-profile.ts, BrandBrief). */
export const brandBriefAnswer = z
  .object({
    id: z.number().int(),
    hires: z.number().int(),
    medianReleaseHours: z.number().nullable(),
  })
  .register(answerSchemas, { id: "BrandBrief" });

/** One reliability figure: its value (null below the minimum count), the count behind it and how it is computed. */
export const brandFigureAnswer = z
  .object({
    key: z.enum(BRAND_FIGURE_KEYS),
    value: z.number().nullable(),
    count: z.number().int(),
    basis: z.enum(["hires", "releases"]),
    howComputed: z.string(),
  })
  .register(answerSchemas, { id: "BrandFigure" });

/** GET /api/brands/{id}: the brand's public profile. */
export const brandProfileAnswer = z
  .object({
    id: z.number().int(),
    company: z.string(),
    about: z.string(),
    hires: z.number().int(),
    openCampaigns: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        category,
        price: priceRange,
        remainingDuration: z.number(),
      }),
    ),
    figures: z.array(brandFigureAnswer),
    minimumCount: z.number().int(),
    reviews: reviewListAnswer.describe(
      "The first page of the influencers' published reviews, newest first; GET /api/brands/{id}/reviews pages on.",
    ),
  })
  .register(answerSchemas, { id: "BrandProfile" });
