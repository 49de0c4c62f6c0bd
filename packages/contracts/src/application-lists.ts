import { z } from "zod";
import type { ApplicationRefund } from "./application-state";
import { searchQuery } from "./deal-search";
import type { DealView } from "./deals";
import { applicationFilter } from "./enum-schemas";
import {
  type AccountKind,
  type ApplicationFilter,
  type ApplicationStatus,
  BRAND_APPLICATION_SORTS,
  type BrandApplicationSort,
  type DeniedReason,
  INFLUENCER_APPLICATION_SORTS,
  type InfluencerApplicationSort,
} from "./enums";
import { rowId } from "./ids";

/**
 * The applications lists of spec section 2: GET /api/applications (a brand's applications across its campaigns,
 * an influencer's own proposals) and GET /api/campaigns/{id}/applications (one campaign's applicants, for its
 * brand). APPLICATIONS_PAGE_SIZE cards a page, paged by an opaque keyset cursor (never an offset).
 */

/**
 * Which statuses each filter value shows. The status is the one the application reads with: a WAITING proposal
 * past its expiration reads as DENIED (reason EXPIRED) even before the expiry sweep has written it.
 * - open: still going on, something is still to happen (WAITING or PROGRESS);
 * - closed: finished, nothing more will happen (COMPLETE or DENIED).
 */
export const APPLICATION_FILTER_STATUSES: Record<ApplicationFilter, readonly ApplicationStatus[]> = {
  all: ["WAITING", "PROGRESS", "COMPLETE", "DENIED"],
  open: ["WAITING", "PROGRESS"],
  progress: ["PROGRESS"],
  waiting: ["WAITING"],
  closed: ["COMPLETE", "DENIED"],
  complete: ["COMPLETE"],
  denied: ["DENIED"],
};

/** Every sort either kind may ask for; which kind may use which is APPLICATION_SORTS_BY_KIND. */
export const APPLICATION_SORTS = [...new Set([...BRAND_APPLICATION_SORTS, ...INFLUENCER_APPLICATION_SORTS])] as [
  BrandApplicationSort | InfluencerApplicationSort,
  ...(BrandApplicationSort | InfluencerApplicationSort)[],
];
export type ApplicationSort = BrandApplicationSort | InfluencerApplicationSort;

/**
 * The sorts of each kind, the first being the default. _p is "plus" (most first), _m "minus" (least first); ties
 * always fall back on the id, so that pages are stable.
 * - time_p / time_m: last update (the card's `updated`: the proposal, the status or a change request), latest / oldest first.
 * - reach_p / reach_m (brand): the proposal's total reach, highest / lowest first.
 * - price_p / price_m (brand): the proposal's total price, highest / lowest first.
 * - notif (influencer): applications with unseen notifications first, the most recently notified first; then
 *   the others by last update, latest first.
 */
export const APPLICATION_SORTS_BY_KIND: Record<AccountKind, readonly ApplicationSort[]> = {
  brand: BRAND_APPLICATION_SORTS,
  influencer: INFLUENCER_APPLICATION_SORTS,
};

/** Longest cursor accepted; the server's are far shorter. */
export const APPLICATION_CURSOR_MAX_LENGTH = 200;

/**
 * Query string of GET /api/applications. A sort the viewer's kind does not offer is refused as `invalid`, as is a
 * cursor the server did not make for this sort. query is trimmed (blank means none) and matched
 * case-insensitively anywhere in: the influencer's username, city or country (code or English name) for a brand;
 * the deal's title or the brand's name for an influencer.
 */
export const applicationListInput = z.object({
  status: applicationFilter.default("all"),
  sort: z.enum(APPLICATION_SORTS).optional(),
  query: searchQuery,
  cursor: z.string().min(1).max(APPLICATION_CURSOR_MAX_LENGTH).optional(),
});
export type ApplicationListInput = z.input<typeof applicationListInput>;
export type ApplicationListFilters = z.output<typeof applicationListInput>;

/** Query string of GET /api/campaigns/{id}/applications: the same, on one campaign of the brand's. */
export const campaignApplicationListInput = applicationListInput.extend({ id: rowId });
export type CampaignApplicationListInput = z.input<typeof campaignApplicationListInput>;

/** One card of a list. Money in whole dollars, as the proposal's prices. */
export interface ApplicationCard {
  id: number;
  /** The status it reads with (an expired WAITING proposal is DENIED, reason EXPIRED). */
  status: ApplicationStatus;
  deniedReason: DeniedReason | null;
  /** Set once an admin refunded the hire (it is then DENIED): applicationState reads it REFUNDED. */
  refund: ApplicationRefund | null;
  influencer: {
    id: number;
    username: string;
    city: string | null;
    /** ISO 3166-1 alpha-2, lowercase. */
    country: string | null;
    /** URL, or null for the default picture. */
    picture: string | null;
  };
  deal: {
    id: number;
    title: string;
    /** The brand's name. */
    author: string;
  };
  /** Sum of the priced networks' reach. */
  totalReach: number;
  /** Sum of the priced networks' prices, before fees. */
  totalPrice: number;
  expiration: Date;
  /** Milliseconds left before the proposal expires while WAITING; null in any other status. */
  timeBeforeExpiration: number | null;
  created: Date;
  updated: Date;
  /** The viewer's unseen notifications about this application. */
  unread: number;
  /** When the latest of them arrived; null when there is none. */
  lastNotification: Date | null;
}

/** What both lists answer. */
export interface ApplicationListResult {
  /** The campaign of GET /api/campaigns/{id}/applications; null for GET /api/applications. */
  deal: DealView | null;
  applications: ApplicationCard[];
  /** Pass it back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}
