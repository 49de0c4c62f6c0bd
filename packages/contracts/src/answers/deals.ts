import { z } from "zod";
import { category, extra, networkType, priceRange } from "../enum-schemas";
import { CATEGORIES } from "../enums";
import { brandBriefAnswer } from "./brands";
import { answerSchemas } from "./registry";
import { dealAnswer } from "./shared";

/** One result card of POST /api/deals/search. */
export const dealSearchItemAnswer = z
  .object({
    id: z.number().int(),
    title: z.string(),
    author: z.string(),
    category,
    price: priceRange,
    networks: z.array(networkType),
    image: z.string().nullable(),
    remainingDuration: z.number(),
    isNew: z.boolean(),
    extras: z.array(extra),
    brand: brandBriefAnswer,
  })
  .register(answerSchemas, { id: "DealSearchItem" });

/** POST /api/deals/search: a page of deals, the count over every page, the category sidebar's counts. */
export const dealSearchAnswer = z
  .object({
    deals: z.array(dealSearchItemAnswer),
    count: z.number().int(),
    categoryCounts: z.record(z.enum(CATEGORIES), z.number().int()),
  })
  .register(answerSchemas, { id: "DealSearchResult" });

/** GET /api/deals: the brand's campaigns, newest first. */
export const dealListAnswer = z.array(dealAnswer).register(answerSchemas, { id: "DealList" });
