import { z } from "zod";
import type { ApplicationRefund } from "./application-state";
import type { ApplicationDelivery } from "./delivery";
import type { ApplicationStatus, DealStatus, DeniedReason, NetworkType } from "./enums";
import type { ApplicationFeedback } from "./feedback";
import { rowId } from "./ids";
import type { ApplicationPriceView } from "./proposals";
import type { ApplicationReview } from "./reviews";

/**
 * The application page (spec sections 2 and 3): GET /api/applications/{id} answers it to the two parties only
 * (and to an admin impersonating either, who sees it as that user); anyone else gets not_found.
 */

export const applicationIdInput = z.object({ id: rowId });
export type ApplicationIdInput = z.input<typeof applicationIdInput>;

/**
 * Every action of spec section 4 on an application, as the lifecycle table names them. expire and autoRelease are
 * the system's (sweeps); the page lists, in ApplicationPageView.actions, those the viewer may take now.
 */
export const APPLICATION_ACTIONS = [
  "update",
  "requestChanges",
  "decline",
  "expire",
  "accept",
  "workDone",
  "workNotDone",
  "release",
  "autoRelease",
  "refund",
  "arbitration",
  /**
   * Beyond the spec: an impersonating admin closes the arbitration case (a contest, requests for arbitration); a
   * countdown the case paused resumes with the time that was left.
   */
  "closeCase",
] as const;
export const applicationAction = z.enum(APPLICATION_ACTIONS);
export type ApplicationAction = z.infer<typeof applicationAction>;

/** Which side of the application the viewer is on. */
export const APPLICATION_ROLES = ["brand", "influencer"] as const;
export type ApplicationRole = (typeof APPLICATION_ROLES)[number];

/**
 * Why the chat takes no new message, or null when it does: DENIED before a conversation started (spec section 4),
 * told apart when the hire was refunded, as its closing line then says who refunded what.
 */
export const CHAT_DISABLED_REASONS = ["denied_few_messages", "refunded"] as const;
export type ChatDisabledReason = (typeof CHAT_DISABLED_REASONS)[number];

/** What paused a release countdown (beyond the spec): the brand's contest, a request for arbitration, or both. */
export const COUNTDOWN_PAUSES = ["contest", "arbitration"] as const;
export type CountdownPause = (typeof COUNTDOWN_PAUSES)[number];

/**
 * The brand's reaction window once the work is done (spec section 4: 10 days, then the money is released
 * automatically), as the page shows it: running until releaseDate, or paused with the time that was left while a
 * contest or a request for arbitration is open (beyond the spec).
 */
export type ReleaseCountdown =
  | { state: "running"; releaseDate: Date; remainingMs: number }
  | { state: "paused"; remainingMs: number; pausedBy: CountdownPause[] };

/** The deal the application is for, as much as the page shows. */
export interface ApplicationDealSummary {
  id: number;
  title: string;
  /** The brand's name. */
  author: string;
  status: DealStatus;
  /** The first campaign image's URL, or null. */
  image: string | null;
  networks: NetworkType[];
  /**
   * Whether the viewer can open the deal's page: not once the deal is deleted, nor, for an influencer (not an admin
   * acting as one), once the review rejected it (the deal page's own rule, read-deals.ts).
   */
  available: boolean;
}

/** The influencer who applied; the brand links to /influencers/{id}. */
export interface ApplicationInfluencerSummary {
  id: number;
  username: string;
  city: string | null;
  country: string | null;
  picture: string | null;
}

/** The brand who wrote the deal (spec: author). */
export interface ApplicationAuthorSummary {
  id: number;
  username: string;
  picture: string | null;
  /** ISO timestamp of the last login; null when never. */
  lastLogin: string | null;
}

/** A priced network of the proposal, with the brand's tick once hired. */
export interface ApplicationPagePrice extends ApplicationPriceView {
  hired: boolean;
}

export interface ApplicationPageView {
  id: number;
  /** The viewer's side; an impersonating admin has the side of the user they act as. */
  role: ApplicationRole;
  /** The viewer is an admin acting as this side (the page adds the admin's controls). */
  impersonating: boolean;
  /** As read now: a WAITING application past its expiration reads DENIED with reason EXPIRED. */
  status: ApplicationStatus;
  deniedReason: DeniedReason | null;
  deal: ApplicationDealSummary;
  influencer: ApplicationInfluencerSummary;
  author: ApplicationAuthorSummary;
  /** The proposal's text. */
  text: string;
  created: Date;
  updated: Date;
  expiration: Date;
  /** Milliseconds left before the expiration while WAITING; 0 otherwise. */
  timeBeforeExpiration: number;
  prices: ApplicationPagePrice[];
  /**
   * Set by work done: the end of the brand's window, then the money is released automatically. null while the
   * countdown is paused (see countdown) and before the work is done; kept once the money is released.
   */
  moneyReleaseDate: Date | null;
  /** The release countdown while PROGRESS and the work is done; null otherwise. */
  countdown: ReleaseCountdown | null;
  /** Whether a contest or a request for arbitration waits for the platform (an admin closes the case). */
  caseOpen: boolean;
  /** When the money went to the influencer (COMPLETE). */
  releasedAt: Date | null;
  /** When an admin refunded the brand (the application is then DENIED). */
  refundedAt: Date | null;
  /** The refund's date and what went back to the brand (B); null unless refunded. */
  refund: ApplicationRefund | null;
  /** Sum of the priced networks' reach (once hired, of the hired networks only). */
  totalReach: number;
  /** Sum of the priced networks' prices, in cents (once hired, of the hired networks only). */
  totalPriceCents: number;
  /** Fee percents: i the influencer's, b the brand's (fixed at accept; the default until then). */
  fees: { i: number; b: number };
  /** The fee the viewer pays (brand) or gives up (influencer), in percent. */
  viewerFeePercent: number;
  /**
   * The total as the viewer sees it, in cents: for the brand what it pays, price * (100 + b) / 100
   * (brandTotalCents); for the influencer what they earn, price minus their fee (influencerNetCents).
   */
  viewerTotalCents: number;
  chat: {
    enabled: boolean;
    disabledReason: ChatDisabledReason | null;
    messageCount: number;
  };
  /** What the viewer may do now, by the lifecycle table. */
  actions: ApplicationAction[];
  /** The brand's feedback: whether it opens or opened (brand), or what was given (both sides); null before COMPLETE. */
  feedback: ApplicationFeedback | null;
  /** The influencer's review of the brand (issue 40): theirs to write or written, the brand's to read once published. */
  review: ApplicationReview | null;
  /**
   * What the influencer delivered (issue 37): the current delivery's posts with the check's results and statistics,
   * its files and note, the brand's request for changes, and the earlier deliveries; null before the work is done.
   */
  delivery: ApplicationDelivery | null;
}
