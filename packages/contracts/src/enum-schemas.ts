import { z } from "zod";
import {
  APPLICATION_FILTERS,
  APPLICATION_STATUSES,
  BRAND_APPLICATION_SORTS,
  CAMPAIGN_SORTS,
  CAMPAIGN_TABS,
  CATEGORIES,
  CHAT_MESSAGE_TYPES,
  DEAL_COUNTRIES,
  DEAL_SORTS,
  DEAL_STATUSES,
  DENIED_REASONS,
  ENGAGEMENT_LEVELS,
  EXTRAS,
  GENDERS,
  INFLUENCER_APPLICATION_SORTS,
  INFLUENCER_SORTS,
  LANGUAGES,
  NETWORK_TYPES,
  NOTIFICATION_TYPES,
  PAYOUT_METHODS,
  PRICE_RANGES,
  REVIEW_STATUSES,
  ROI_SCALE,
} from "./enums";

/** The zod enum of each enumeration of enums.ts, for the schemas of inputs. */
export const category = z.enum(CATEGORIES);
export const networkType = z.enum(NETWORK_TYPES);
export const priceRange = z.enum(PRICE_RANGES);
export const extra = z.enum(EXTRAS);
export const dealCountry = z.enum(DEAL_COUNTRIES);
export const language = z.enum(LANGUAGES);
export const engagementLevel = z.enum(ENGAGEMENT_LEVELS);
export const gender = z.enum(GENDERS);
export const applicationStatus = z.enum(APPLICATION_STATUSES);
export const applicationFilter = z.enum(APPLICATION_FILTERS);
export const dealStatus = z.enum(DEAL_STATUSES);
export const campaignTab = z.enum(CAMPAIGN_TABS);
export const reviewStatus = z.enum(REVIEW_STATUSES);
export const deniedReason = z.enum(DENIED_REASONS);
export const influencerSort = z.enum(INFLUENCER_SORTS);
export const dealSort = z.enum(DEAL_SORTS);
export const campaignSort = z.enum(CAMPAIGN_SORTS);
export const brandApplicationSort = z.enum(BRAND_APPLICATION_SORTS);
export const influencerApplicationSort = z.enum(INFLUENCER_APPLICATION_SORTS);
export const chatMessageType = z.enum(CHAT_MESSAGE_TYPES);
export const notificationType = z.enum(NOTIFICATION_TYPES);
export const roi = z.enum(ROI_SCALE);
export const payoutMethod = z.enum(PAYOUT_METHODS);
