import { z } from "zod";
import type { BrandBrief } from "./brand-profile";
import { MAX_CAMPAIGN_IMAGES, NEW_DEAL_WINDOW_MS } from "./constants";
import { category, extra, networkType, priceRange } from "./enum-schemas";
import {
  type Category,
  DEAL_COUNTRIES,
  type DealStatus,
  type Extra,
  LANGUAGES,
  type NetworkType,
  OPTION_ALL,
  type PriceRange,
  type ReviewStatus,
} from "./enums";
import { rowId } from "./ids";
import type { OwnApplicationSummary } from "./proposals";
import { singleLine } from "./text";

/**
 * Campaigns (deals) of spec sections 2 to 5: the wizard's per-step schemas, shared by the wizard (each step
 * validates when left) and the server (the whole campaign validates on create and edit).
 * The spec does not give length bounds for campaign texts; these are generous but bounded.
 */
export const CAMPAIGN_TEXT_LIMITS = {
  title: 120,
  link: 300,
  aAbout: 2_000,
  description: 5_000,
  extraText: 500,
} as const;

const requiredText = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max);
/** An extra's text (what is discounted, given away or offered for free): one line, empty when not given. */
const extraText = singleLine(z.string().trim().max(CAMPAIGN_TEXT_LIMITS.extraText)).default("");

const LINK_MESSAGE = "A website link (http or https) is required.";

/** A list with duplicates removed (order kept); "all" alone stands for every option. */
const dedupedList = <T extends string>(item: z.ZodType<T>, message: string) =>
  z
    .array(item, { error: message })
    .min(1, message)
    .max(50)
    .transform((values) => {
      const unique = [...new Set(values)];
      return unique.includes(OPTION_ALL as T) ? [OPTION_ALL as T] : unique;
    });

export const campaignCountry = z.enum([OPTION_ALL, ...DEAL_COUNTRIES]);
export type CampaignCountry = z.infer<typeof campaignCountry>;
export const campaignLanguage = z.enum([OPTION_ALL, ...LANGUAGES]);
export type CampaignLanguage = z.infer<typeof campaignLanguage>;

/** An ISO string from REST or a Date from tRPC (superjson). */
const instant = z.union([z.date(), z.iso.datetime({ offset: true }).transform((value) => new Date(value))], {
  error: "Choose a deadline.",
});

export const campaignStepSchemas = {
  networks: z.object({
    networks: z
      .array(networkType, { error: "Choose at least one network." })
      .min(1, "Choose at least one network.")
      .max(20)
      .transform((values) => [...new Set(values)]),
  }),
  general: z.object({
    title: singleLine(requiredText(CAMPAIGN_TEXT_LIMITS.title, "A title is required.")),
    category: z.enum(category.options, { error: "Choose a category." }),
    price: z.enum(priceRange.options, { error: "Choose a price range." }),
    /** The deadline's day ends at 23:59 in the brand's time zone; the wizard sets it, the server checks it is ahead. */
    deadline: instant,
    link: singleLine(z.string({ error: LINK_MESSAGE }).trim().max(CAMPAIGN_TEXT_LIMITS.link)).pipe(
      z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: LINK_MESSAGE }),
    ),
  }),
  audience: z.object({
    aAbout: requiredText(CAMPAIGN_TEXT_LIMITS.aAbout, "Describe the audience you want."),
    aCountries: dedupedList(campaignCountry, "Choose at least one country."),
    aLanguages: dedupedList(campaignLanguage, "Choose at least one language."),
  }),
  details: z.object({
    description: requiredText(CAMPAIGN_TEXT_LIMITS.description, "A description is required."),
    /** Stored deal-image file ids, in display order. */
    images: z
      .array(z.uuid())
      .max(MAX_CAMPAIGN_IMAGES, `At most ${MAX_CAMPAIGN_IMAGES} images.`)
      .refine((ids) => new Set(ids).size === ids.length, "An image appears twice.")
      .default([]),
  }),
  extra: z
    .object({
      extras: z
        .array(extra)
        .max(3)
        .transform((values) => [...new Set(values)])
        .default([]),
      eDiscount: extraText,
      eGiveaway: extraText,
      eFree: extraText,
    })
    .superRefine((value, context) => {
      // Each chosen extra needs its text: what is discounted, given away or offered for free.
      const texts: Record<Extra, [keyof typeof value, string]> = {
        discount: ["eDiscount", "Describe the discount."],
        giveaway: ["eGiveaway", "Describe the giveaway."],
        free: ["eFree", "Describe the free product."],
      };
      for (const chosen of value.extras) {
        const [field, message] = texts[chosen];
        if (value[field] === "") context.addIssue({ code: "custom", path: [field], message });
      }
    }),
} as const;

export const CAMPAIGN_STEPS = ["networks", "general", "audience", "details", "extra", "done"] as const;
export type CampaignStep = (typeof CAMPAIGN_STEPS)[number];

/** Body of POST /api/campaigns and POST /api/campaigns/{id}. */
export const campaignInput = campaignStepSchemas.networks
  .extend(campaignStepSchemas.general.shape)
  .extend(campaignStepSchemas.audience.shape)
  .extend(campaignStepSchemas.details.shape)
  .and(campaignStepSchemas.extra);
export type CampaignInput = z.infer<typeof campaignInput>;

export const dealIdInput = z.object({ id: rowId });
export type DealIdInput = z.infer<typeof dealIdInput>;
export const updateCampaignInput = z.object({ id: dealIdInput.shape.id, campaign: campaignInput });
export type UpdateCampaignInput = z.infer<typeof updateCampaignInput>;

/** The admin's deal review (spec section 4): approve (OK) or reject (KO). */
export const REVIEW_DECISIONS = ["OK", "KO"] as const satisfies readonly ReviewStatus[];
export const reviewDealInput = z.object({ id: dealIdInput.shape.id, decision: z.enum(REVIEW_DECISIONS) });
export type ReviewDealInput = z.infer<typeof reviewDealInput>;

/**
 * The computed status of spec section 4: closed once the deadline has passed, else paused if paused, else open.
 */
export function computeDealStatus(deal: { deadline: Date; paused: boolean }, now: Date): DealStatus {
  if (deal.deadline.getTime() <= now.getTime()) return "closed";
  return deal.paused ? "paused" : "open";
}

/**
 * Spec section 4, "an invitation to an unapproved campaign may fail": only a campaign an admin approved (OK) takes
 * invitations; one still to review (NONE) or rejected (KO) does not. The invite service enforces it, and the
 * hire chooser shows the others as not selectable.
 */
export const takesInvitations = (reviewStatus: ReviewStatus): reviewStatus is "OK" => reviewStatus === "OK";

/** Milliseconds left before the deadline; 0 means closed. */
export const remainingDuration = (deadline: Date, now: Date): number => Math.max(0, deadline.getTime() - now.getTime());

/** Created within the last 24 hours (spec: new-deal flag). */
export const isNewDeal = (created: Date, now: Date): boolean => now.getTime() - created.getTime() < NEW_DEAL_WINDOW_MS;

export interface DealImageView {
  id: string;
  url: string;
}

/** A campaign as GET /api/deals and GET /api/deals/{id} answer it (spec section 3, Deal). */
export interface DealView {
  id: number;
  title: string;
  /** The brand's name. */
  author: string;
  link: string;
  category: Category;
  price: PriceRange;
  images: DealImageView[];
  description: string;
  networks: NetworkType[];
  deadline: Date;
  created: Date;
  updated: Date;
  remainingDuration: number;
  status: DealStatus;
  paused: boolean;
  /**
   * How many influencers applied: for the owner brand and an impersonating admin only (spec section 6); absent for
   * an influencer, who does not see the competition.
   */
  applicants?: number;
  /** Not approved by the admin review (reviewStatus other than OK). */
  badReview: boolean;
  reviewStatus: ReviewStatus;
  /** Rejected (KO) with a reason by the console (issue 36): the admin's words the brand reads; null otherwise. */
  reviewReason: string | null;
  aAbout: string;
  aCountries: CampaignCountry[];
  aLanguages: CampaignLanguage[];
  extras: Extra[];
  eDiscount: string;
  eGiveaway: string;
  eFree: string;
  isNew: boolean;
  /** For an influencer: their own application to this deal, when there is one (never anyone else's). */
  application?: OwnApplicationSummary | null;
  /** For an influencer: the short form of the brand's reliability, its profile's id (issue 40, point 2). */
  brand?: BrandBrief;
}
