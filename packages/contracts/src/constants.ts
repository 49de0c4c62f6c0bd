/**
 * Every business constant of spec section 9, once. Money is in cents where the name says so;
 * durations are in milliseconds.
 */
import { DAY_MS, MINUTE_MS } from "./time";

export const MIN_NETWORK_FOLLOWERS = 2_000;
export const MIN_FACEBOOK_PAGE_LIKES = 2_000;
export const MIN_PROPOSAL_PRICE_DOLLARS = 25;
export const MIN_PAYOUT_CENTS = 2_000;
export const PAYOUT_PROCESSING_BUSINESS_DAYS = { min: 2, max: 3 } as const;
export const MAX_UPLOAD_BYTES = 4_194_304;
/**
 * Beyond the spec: the most pixels an uploaded picture or campaign image may have (8000 x 5000, for example), read
 * from its header. Every browser that shows one decodes it whole, and a PNG of a few kilobytes can claim
 * 20000 x 20000 pixels, which take gigabytes to show.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_CAMPAIGN_IMAGES = 3;
export const MIN_PASSWORD_LENGTH = 8;
export const RELEASE_WINDOW_MS = 10 * DAY_MS;
/**
 * Beyond the spec: the brand is reminded this long before the automatic release (72 h, then 24 h), once each per
 * countdown. Longest first: the sweep sends only the latest one due.
 */
export const RELEASE_REMINDER_LEADS_MS = [3 * DAY_MS, DAY_MS] as const;
export const BIO_CODE_VALIDITY_MS = 5 * MINUTE_MS;
export const SPONSORED_CONTENT_MIN_MONTHS = 6;
export const FEEDBACK_DELAY_MS = 7 * DAY_MS;
export const DEFAULT_FEE_PERCENT = 10;
export const DEADLINE_WARNING_MS = 4 * DAY_MS;
export const TIME_LEFT_BADGE_MS = 3 * DAY_MS;
/** Default campaign deadline and proposal expiry: about two months ahead, at 23:59. */
export const DEFAULT_EXPIRY_MONTHS = 2;
export const NEW_DEAL_WINDOW_MS = DAY_MS;
export const DEAL_SEARCH_PAGE_SIZE = 10;
export const INFLUENCER_SEARCH_PAGE_SIZE = 15;
/** The search answer counts at most this many matches (a bounded count keeps the search fast at scale). */
export const INFLUENCER_SEARCH_COUNT_CAP = 10_000;
export const APPLICATIONS_PAGE_SIZE = 20;
export const INFINITE_SCROLL_THRESHOLD_PX = 510;
export const FOLLOWERS_FILTER = {
  min: 2_000,
  max: 5_000_000,
  steps: [2_000, 10_000, 50_000, 100_000, 500_000, 1_000_000, 5_000_000],
} as const;
export const AGE_FILTER = { min: 0, max: 99 } as const;
export const ONBOARDING_DEFAULTS = { ages: [18, 30] as const, males: 50 } as const;
export const NUMBERED_PAGINATION_MAX_PAGES = 10;
/** Longest keyword a search box takes (influencers, deals, the brand's campaigns); longer matches nothing anyway. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Highest page number a search answers; a URL asking beyond it starts at page 1. */
export const SEARCH_PAGE_MAX = 100_000;
export const STAR_RATING = { min: 1, max: 5 } as const;
export const ADMIN_CONFIRM_CLICKS = 3;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_MAX_VISIBLE = 3;
export const SEARCH_DISABLED_MAX_WIDTH = 900;
export const HELP_BACK_TO_TOP_MS = 200;
export const AUTO_SELECT_FOCUS_DELAY_MS = 200;
export const ONBOARDING_SEEN_DELAY_MS = 300;
export const BIRTH_YEARS = { min: 1915, max: 2015 } as const;
/** Notifications WebSocket reconnect: the delay grows by 15 s up to 60 s. */
export const WS_RECONNECT_STEP_MS = 15_000;
export const WS_RECONNECT_MAX_MS = MINUTE_MS;
/**
 * The close code of a server that is shutting down (1012, Service Restart): the client reconnects after a random
 * wait within WS_RESTART_RECONNECT_MS, which reaches another instance, and spreads the clients of one instance
 * over time rather than all at once; it is not a failure, so the delays above do not grow.
 */
export const WS_CLOSE_SERVER_RESTART = 1012;
export const WS_RESTART_RECONNECT_MS = { min: 500, max: 5_000 } as const;
/** Search results link to a profile with an id longer than this; plain ids are shorter. */
export const SEARCH_RESULT_ID_MIN_LENGTH = 11;
