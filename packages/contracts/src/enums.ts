/**
 * Enumerations of the spec (sections 3, 4 and 9), each as a tuple and a type. No zod here, so that a page needing
 * only the values (the visitor's landing) does not download it: the zod enums are built from these tuples in
 * enum-schemas.ts.
 */

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
export type Category = (typeof CATEGORIES)[number];
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
export type NetworkType = (typeof NETWORK_TYPES)[number];
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
export type PriceRange = (typeof PRICE_RANGES)[number];
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
export type Extra = (typeof EXTRAS)[number];

export const DEAL_COUNTRIES = ["us", "ca", "br", "in", "de", "fr", "gb", "it", "es", "other"] as const;
export type DealCountry = (typeof DEAL_COUNTRIES)[number];

export const LANGUAGES = ["en", "es", "fr", "de", "it", "pt", "other"] as const;
export type Language = (typeof LANGUAGES)[number];
/** The "all" option of the wizard's country and language pickers. */
export const OPTION_ALL = "all";

export const ENGAGEMENT_LEVELS = ["low", "medium", "high"] as const;
export type EngagementLevel = (typeof ENGAGEMENT_LEVELS)[number];
/**
 * Engagement percent thresholds of the levels: low below 1 %, medium from 1 % to below 3 %, high from 3 %.
 * The spec names the levels without bounds; these are the industry's usual cut-offs.
 */
export const ENGAGEMENT_THRESHOLDS = { medium: 1, high: 3 } as const;

export const SIZE_CLASSES = ["big", "medium", "small"] as const;
export type SizeClass = (typeof SIZE_CLASSES)[number];

export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

export const APPLICATION_STATUSES = ["WAITING", "PROGRESS", "COMPLETE", "DENIED"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_FILTERS = ["all", "open", "progress", "waiting", "closed", "complete", "denied"] as const;
export type ApplicationFilter = (typeof APPLICATION_FILTERS)[number];

export const DEAL_STATUSES = ["open", "paused", "closed"] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const CAMPAIGN_TABS = ["all", "open", "closed", "paused"] as const;
export type CampaignTab = (typeof CAMPAIGN_TABS)[number];

export const REVIEW_STATUSES = ["NONE", "OK", "KO"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const DENIED_REASONS = [
  "NO_REASON",
  "NOT_ENOUGH_FOLLOWERS",
  "PRICE_TOO_HIGH",
  "BAD_AUDIENCE",
  "BAD_ENGAGEMENT",
  "FAKE",
  "EXPIRED",
] as const;
export type DeniedReason = (typeof DENIED_REASONS)[number];

export const INFLUENCER_SORTS = [
  "followers_p",
  "created_p",
  "engagement_p",
  "cpf_p",
  "cpe_p",
  "hired_p",
  // Best audience-quality score first (issue 40): influencers without a score last.
  "quality_p",
] as const;
export type InfluencerSort = (typeof INFLUENCER_SORTS)[number];

export const DEAL_SORTS = ["time_p", "time_m", "remaining_p", "remaining_m"] as const;
export type DealSort = (typeof DEAL_SORTS)[number];

export const CAMPAIGN_SORTS = ["time_p", "time_m", "update_p", "update_m"] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

export const BRAND_APPLICATION_SORTS = ["time_p", "time_m", "reach_p", "reach_m", "price_p", "price_m"] as const;
export type BrandApplicationSort = (typeof BRAND_APPLICATION_SORTS)[number];

export const INFLUENCER_APPLICATION_SORTS = ["notif", "time_p", "time_m"] as const;
export type InfluencerApplicationSort = (typeof INFLUENCER_APPLICATION_SORTS)[number];

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
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

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
  /** Issue 36: an admin flagged the influencer FAKE; text gives the reason and note. */
  "flagged",
  /** Issue 36: an admin decided the influencer's appeal (flag upheld or lifted); text gives the decision and why. */
  "appeal_decided",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const ROI_SCALE = ["bad", "poor", "neutral", "good", "excellent"] as const;
export type Roi = (typeof ROI_SCALE)[number];

export const RATING_CRITERIA = ["content", "availability", "communication", "cooperation", "schedule"] as const;
export type RatingCriterion = (typeof RATING_CRITERIA)[number];

export const PAYOUT_METHODS = ["transferwise", "paypal"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
/** How every screen, statement and message names a payout method: the provider's own spelling, never translated. */
export const PAYOUT_METHOD_LABELS: Readonly<Record<PayoutMethod, string>> = {
  transferwise: "TransferWise",
  paypal: "PayPal",
};

export const PAYOUT_STATUSES = ["processing", "paid", "failed", "cancelled"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A payout-return is the credit of a failed payout's money back to the balance (money.md), beside its debit. */
export const TRANSACTION_TYPES = ["i-payment", "payout", "payout-return"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

// "api": the account's API keys (issue 39), never shown to an admin nor to an admin acting as the user.
// "webhooks": the account's webhook endpoints and their delivery log (issue 39).
export const ACCOUNT_TABS = [
  "networks",
  "profile",
  "general",
  "payment",
  "password",
  "notifications",
  "api",
  "webhooks",
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
export const BRAND_ACCOUNT_TABS = [
  "profile",
  "general",
  "payment",
  "password",
  "notifications",
  "api",
  "webhooks",
] as const;
export const INFLUENCER_ACCOUNT_TABS = [
  "networks",
  "profile",
  "general",
  "password",
  "notifications",
  "api",
  "webhooks",
] as const;

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

/**
 * What an uploaded file is for: pictures and campaign images are public, chat files only for the application's
 * parties, a flag appeal's files (issue 36) only for their influencer and admins.
 */
export const FILE_PURPOSES = ["picture", "deal_image", "chat_file", "appeal_file"] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
