import { z } from "zod";

/** Enumerations of the spec (sections 3, 4 and 9), each as a tuple, a zod enum and a type. */

export const CATEGORIES = [
  "apps",
  "automotive",
  "baby",
  "beauty",
  "books",
  "clothing",
  "electronics",
  "events",
  "grocery",
  "health",
  "home",
  "jewelry",
  "kitchen",
  "lifestyle",
  "music",
  "office",
  "pet",
  "shoes",
  "sports",
  "toys",
  "videogames",
] as const;
export const category = z.enum(CATEGORIES);
export type Category = z.infer<typeof category>;
/** "all" is a filter option, never a stored category. */
export const CATEGORY_ALL = "all";

export const NETWORK_TYPES = [
  "facebook",
  "twitter",
  "youtube",
  "instagram",
  "snapchat",
  "pinterest",
  "tumblr",
  "blog",
] as const;
export const networkType = z.enum(NETWORK_TYPES);
export type NetworkType = z.infer<typeof networkType>;
/** Networks linked through an OAuth redirect. */
export const LINKABLE_NETWORKS = ["facebook", "twitter", "youtube"] as const satisfies readonly NetworkType[];
/** Networks verified with a code put in the profile bio. */
export const BIO_CODE_NETWORKS = ["instagram"] as const satisfies readonly NetworkType[];
/** Networks added by name only. */
export const UNLINKABLE_NETWORKS = [
  "snapchat",
  "pinterest",
  "tumblr",
  "blog",
] as const satisfies readonly NetworkType[];
/** Networks with a third-party statistics link on the profile. */
export const STATS_LINK_NETWORKS = ["twitter", "youtube", "instagram"] as const satisfies readonly NetworkType[];

export const PRICE_RANGES = [
  "p25_100",
  "p100_250",
  "p250_500",
  "p500_1000",
  "p1000_2500",
  "p2500_5000",
  "p5000_10000",
  "p10000",
] as const;
export const priceRange = z.enum(PRICE_RANGES);
export type PriceRange = z.infer<typeof priceRange>;
/** Dollar bounds per post of each range; max null means open-ended. */
export const PRICE_RANGE_BOUNDS: Record<PriceRange, { min: number; max: number | null }> = {
  p25_100: { min: 25, max: 100 },
  p100_250: { min: 100, max: 250 },
  p250_500: { min: 250, max: 500 },
  p500_1000: { min: 500, max: 1000 },
  p1000_2500: { min: 1000, max: 2500 },
  p2500_5000: { min: 2500, max: 5000 },
  p5000_10000: { min: 5000, max: 10000 },
  p10000: { min: 10000, max: null },
};

export const EXTRAS = ["discount", "giveaway", "free"] as const;
export const extra = z.enum(EXTRAS);
export type Extra = z.infer<typeof extra>;

export const DEAL_COUNTRIES = ["us", "ca", "br", "in", "de", "fr", "gb", "it", "es", "other"] as const;
export const dealCountry = z.enum(DEAL_COUNTRIES);
export type DealCountry = z.infer<typeof dealCountry>;

export const LANGUAGES = ["en", "es", "fr", "de", "it", "pt", "other"] as const;
export const language = z.enum(LANGUAGES);
export type Language = z.infer<typeof language>;
/** The "all" option of the wizard's country and language pickers. */
export const OPTION_ALL = "all";

export const ENGAGEMENT_LEVELS = ["low", "medium", "high"] as const;
export const engagementLevel = z.enum(ENGAGEMENT_LEVELS);
export type EngagementLevel = z.infer<typeof engagementLevel>;
/**
 * Engagement percent thresholds of the levels: low below 1 %, medium from 1 % to below 3 %, high from 3 %.
 * The spec names the levels without bounds; these are the industry's usual cut-offs.
 */
export const ENGAGEMENT_THRESHOLDS = { medium: 1, high: 3 } as const;

export const SIZE_CLASSES = ["big", "medium", "small"] as const;
export type SizeClass = (typeof SIZE_CLASSES)[number];

export const GENDERS = ["male", "female"] as const;
export const gender = z.enum(GENDERS);
export type Gender = z.infer<typeof gender>;

export const APPLICATION_STATUSES = ["WAITING", "PROGRESS", "COMPLETE", "DENIED"] as const;
export const applicationStatus = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatus>;

export const APPLICATION_FILTERS = ["all", "open", "progress", "waiting", "closed", "complete", "denied"] as const;
export const applicationFilter = z.enum(APPLICATION_FILTERS);
export type ApplicationFilter = z.infer<typeof applicationFilter>;

export const DEAL_STATUSES = ["open", "paused", "closed"] as const;
export const dealStatus = z.enum(DEAL_STATUSES);
export type DealStatus = z.infer<typeof dealStatus>;

export const CAMPAIGN_TABS = ["all", "open", "closed", "paused"] as const;
export const campaignTab = z.enum(CAMPAIGN_TABS);
export type CampaignTab = z.infer<typeof campaignTab>;

export const REVIEW_STATUSES = ["NONE", "OK", "KO"] as const;
export const reviewStatus = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof reviewStatus>;

export const DENIED_REASONS = [
  "NO_REASON",
  "NOT_ENOUGH_FOLLOWERS",
  "PRICE_TOO_HIGH",
  "BAD_AUDIENCE",
  "BAD_ENGAGEMENT",
  "FAKE",
  "EXPIRED",
] as const;
export const deniedReason = z.enum(DENIED_REASONS);
export type DeniedReason = z.infer<typeof deniedReason>;

export const INFLUENCER_SORTS = ["followers_p", "created_p", "engagement_p", "cpf_p", "cpe_p", "hired_p"] as const;
export const influencerSort = z.enum(INFLUENCER_SORTS);
export type InfluencerSort = z.infer<typeof influencerSort>;

export const DEAL_SORTS = ["time_p", "time_m", "remaining_p", "remaining_m"] as const;
export const dealSort = z.enum(DEAL_SORTS);
export type DealSort = z.infer<typeof dealSort>;

export const CAMPAIGN_SORTS = ["time_p", "time_m", "update_p", "update_m"] as const;
export const campaignSort = z.enum(CAMPAIGN_SORTS);
export type CampaignSort = z.infer<typeof campaignSort>;

export const BRAND_APPLICATION_SORTS = ["time_p", "time_m", "reach_p", "reach_m", "price_p", "price_m"] as const;
export const brandApplicationSort = z.enum(BRAND_APPLICATION_SORTS);
export type BrandApplicationSort = z.infer<typeof brandApplicationSort>;

export const INFLUENCER_APPLICATION_SORTS = ["notif", "time_p", "time_m"] as const;
export const influencerApplicationSort = z.enum(INFLUENCER_APPLICATION_SORTS);
export type InfluencerApplicationSort = z.infer<typeof influencerApplicationSort>;

/** Notification preference keys per kind of user. Feedback for influencers is the second reading of the spec. */
export const INFLUENCER_NOTIFICATION_KEYS = [
  "appUpdate",
  "message",
  "news",
  "deals",
  "invitations",
  "feedback",
] as const;
export const BRAND_NOTIFICATION_KEYS = ["appUpdate", "message", "feedback", "news"] as const;
export const NOTIFICATION_KEYS = ["appUpdate", "message", "news", "deals", "invitations", "feedback"] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];

export const CHAT_MESSAGE_TYPES = [
  "text",
  "file",
  "payment",
  "price_update",
  "change_request",
  "work_done",
  "work_not_done",
  "money_released",
  "arbitration",
  /** Beyond the spec: an admin refunded the brand (a line of the platform's). */
  "refund",
  /** Beyond the spec: an admin closed the arbitration case (a contest or a request for arbitration). */
  "case_closed",
] as const;
export const chatMessageType = z.enum(CHAT_MESSAGE_TYPES);
export type ChatMessageType = z.infer<typeof chatMessageType>;

export const NOTIFICATION_TYPES = [
  "application",
  "application_update",
  "message",
  "invitation",
  "payment",
  "work_done",
  "work_not_done",
  "money_released",
  /** Beyond the spec: the brand's reminder, 72 h and 24 h before the automatic release. */
  "release_reminder",
  /** Beyond the spec: an admin refunded the brand; both parties are told. */
  "refund",
  /** Beyond the spec: an admin closed the arbitration case; both parties are told. */
  "case_closed",
  "declined",
  "change_request",
  "feedback",
  "deal_review",
  "news",
  /** A payout failed and its money is back in the balance; text says why. */
  "payout_failed",
  /** Beyond the spec: a payout reached the influencer's account; text says how much and where. */
  "payout_paid",
  /** The other party asked the platform to arbitrate the application (spec section 4, help). */
  "arbitration",
] as const;
export const notificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationType>;

export const ROI_SCALE = ["bad", "poor", "neutral", "good", "excellent"] as const;
export const roi = z.enum(ROI_SCALE);
export type Roi = z.infer<typeof roi>;

export const RATING_CRITERIA = ["content", "availability", "communication", "cooperation", "schedule"] as const;
export type RatingCriterion = (typeof RATING_CRITERIA)[number];

export const PAYOUT_METHODS = ["transferwise", "paypal"] as const;
export const payoutMethod = z.enum(PAYOUT_METHODS);
export type PayoutMethod = z.infer<typeof payoutMethod>;

export const PAYOUT_STATUSES = ["processing", "paid", "failed", "cancelled"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const TRANSACTION_TYPES = ["i-payment", "payout"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const ACCOUNT_TABS = ["networks", "profile", "general", "payment", "password", "notifications"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
export const BRAND_ACCOUNT_TABS = ["profile", "general", "payment", "password", "notifications"] as const;
export const INFLUENCER_ACCOUNT_TABS = ["networks", "profile", "general", "password", "notifications"] as const;

export const NETWORK_LINK_ERRORS = [
  "none",
  "followers",
  "private",
  "no-analytics",
  "bad-username",
  "no-token",
  "too-late",
  "no-fb-page",
  "fb-page-followers",
  "fb-broken",
  "unknown",
  /**
   * The influencer already has an account of this type: it must be removed first (spec section 8's "a duplicate
   * account of the same type must be removed first", which the spec lists without a value).
   */
  "duplicate",
] as const;
export type NetworkLinkError = (typeof NETWORK_LINK_ERRORS)[number];

export const USER_KINDS = ["brand", "influencer", "visitor"] as const;
export type UserKind = (typeof USER_KINDS)[number];

/** Kinds of a stored account; a visitor has no account. */
export const ACCOUNT_KINDS = ["brand", "influencer"] as const satisfies readonly UserKind[];
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** What an uploaded file is for: pictures and campaign images are public, chat files only for the application's parties. */
export const FILE_PURPOSES = ["picture", "deal_image", "chat_file"] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
