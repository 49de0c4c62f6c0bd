import { z } from "zod";
import { namedAccount } from "../account";
import { category, deniedReason, extra, networkType, priceRange, reviewStatus } from "../enum-schemas";
import { APPLICATION_STATUSES, DEAL_STATUSES } from "../enums";
import { brandBriefAnswer } from "./brands";
import { answerSchemas, isoInstant } from "./registry";

/** Pieces several answers share, each a component of the document. */

export const applicationStatusAnswer = z
  .enum(APPLICATION_STATUSES)
  .register(answerSchemas, { id: "ApplicationStatus" });
export const deniedReasonAnswer = deniedReason.nullable();

/** A hire an admin refunded: when, and what went back to the brand (B). */
export const applicationRefundAnswer = z
  .object({ at: isoInstant, amountCents: z.number().int() })
  .register(answerSchemas, { id: "ApplicationRefund" });

/** What the brand may do with one network's content (contracts usage-rights.ts), as answered. */
export const usageRightsAnswer = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("organic") }),
    z.object({
      kind: z.literal("licensed"),
      months: z.number().int(),
      territory: z.union([z.literal("worldwide"), z.array(z.string())]),
    }),
    z.object({ kind: z.literal("whitelisting"), months: z.number().int() }),
  ])
  .register(answerSchemas, { id: "UsageRights" });

/** A priced network of an application: whole dollars. */
export const applicationPriceAnswer = z
  .object({
    network: networkType,
    networkId: z.number().int().nullable(),
    reach: z.number(),
    price: z.number(),
    creationDays: z.number().int(),
    link: z.string().nullable(),
    usageRights: usageRightsAnswer,
  })
  .register(answerSchemas, { id: "ApplicationPrice" });

/** Someone as the other party reads them (a chat message's sender). */
export const namedAccountAnswer = namedAccount.register(answerSchemas, { id: "NamedAccount" });

/** An influencer as an application shows them. */
export const applicationInfluencerAnswer = z
  .object({
    id: z.number().int(),
    username: z.string(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    picture: z.string().nullable(),
  })
  .register(answerSchemas, { id: "ApplicationInfluencer" });

/** The influencer's own application on a deal page. */
export const ownApplicationAnswer = z
  .object({
    id: z.number().int(),
    status: applicationStatusAnswer,
    deniedReason: deniedReasonAnswer,
    expiration: isoInstant,
    refund: applicationRefundAnswer.nullable(),
    prices: z.array(applicationPriceAnswer),
  })
  .register(answerSchemas, { id: "OwnApplication" });

/** A campaign as GET /api/deals and GET /api/deals/{id} answer it (DealView). */
export const dealAnswer = z
  .object({
    id: z.number().int(),
    title: z.string(),
    author: z.string(),
    link: z.string(),
    category,
    price: priceRange,
    images: z.array(z.object({ id: z.string(), url: z.string() })),
    description: z.string(),
    networks: z.array(networkType),
    deadline: isoInstant,
    created: isoInstant,
    updated: isoInstant,
    remainingDuration: z.number(),
    status: z.enum(DEAL_STATUSES),
    paused: z.boolean(),
    applicants: z.number().int().optional(),
    badReview: z.boolean(),
    reviewStatus,
    reviewReason: z.string().nullable(),
    aAbout: z.string(),
    aCountries: z.array(z.string()),
    aLanguages: z.array(z.string()),
    extras: z.array(extra),
    eDiscount: z.string(),
    eGiveaway: z.string(),
    eFree: z.string(),
    isNew: z.boolean(),
    application: ownApplicationAnswer.nullable().optional(),
    brand: brandBriefAnswer.optional(),
  })
  .register(answerSchemas, { id: "Deal" });
