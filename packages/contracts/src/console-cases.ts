import { z } from "zod";
import { adminReason, consoleCursor } from "./admin-console";
import type { ApplicationDelivery } from "./delivery";
import type { ApplicationStatus } from "./enums";
import { rowId } from "./ids";

/**
 * The console's cases (issue 36, points 2 and 3): a hire whose brand contested the work done, or on which a party
 * asked the platform to arbitrate, until an admin decides it.
 */
export const CASE_KINDS = ["contest", "arbitration"] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

/** The cases queue's filters (the console's /admin/cases); oldest case first. */
export const casesListInput = z.object({
  kind: z.enum(CASE_KINDS).optional(),
  /** A party's username, or its start (case-insensitive). */
  party: z.string().trim().min(1).max(60).optional(),
  cursor: consoleCursor,
});
export type CasesListInput = z.infer<typeof casesListInput>;

export interface CasePartyRef {
  id: number;
  username: string;
}

export interface CaseQueueItem {
  applicationId: number;
  dealTitle: string;
  brand: CasePartyRef;
  influencer: CasePartyRef;
  status: ApplicationStatus;
  /** What is open: the brand's contest, a request for arbitration, or both. */
  kinds: CaseKind[];
  /** When the case opened (the earlier of the contest and the first open request). */
  openedAt: string;
  /** The paused release countdown's time left, in ms (what the influencer gets once the case closes), if any. */
  releaseRemainingMs: number | null;
  /** What the brand paid, in cents (0 before the hire). */
  paidAmountCents: number;
}

export interface CasesPage {
  items: CaseQueueItem[];
  nextCursor: string | null;
}

/** A case's application id (the case page, its evidence pack). */
export const caseIdInput = z.object({ applicationId: rowId });

/** The decisions an admin takes on a case, each with the reason both parties read. */
export const CASE_DECISIONS = ["release", "refund", "close"] as const;
export type CaseDecision = (typeof CASE_DECISIONS)[number];

export const caseDecisionInput = z.object({
  applicationId: rowId,
  decision: z.enum(CASE_DECISIONS),
  reason: adminReason,
});
export type CaseDecisionInput = z.infer<typeof caseDecisionInput>;

/**
 * A party's record on the platform, over all their hires (paid applications):
 * - influencer: hires, the share completed (released), the share contested (a contest is or was opened: a
 *   work_not_done line), refunds (hires refunded to the brand);
 * - brand: hires, the share of its releases made automatically (the sweep at the window's end, not the brand),
 *   contests opened.
 * Shares are 0..1, null when there is nothing to share.
 */
export interface InfluencerReliability {
  hires: number;
  completedShare: number | null;
  contestedShare: number | null;
  refunds: number;
}
export interface BrandReliability {
  hires: number;
  autoReleasedShare: number | null;
  contestsOpened: number;
}

export interface CaseParty extends CasePartyRef {
  email: string;
}

/** One event of the case's timeline, oldest first. */
export type CaseEventSource = "application" | "chat" | "arbitration" | "notification" | "ledger" | "decision";
export interface CaseEvent {
  /** Unique within the timeline: the source and its row's id. */
  id: string;
  at: string;
  source: CaseEventSource;
  /** The event's type within its source: a chat message's type, a notification's type, a ledger kind, ... */
  type: string;
  /** Who acted (a username), null for the platform. */
  actor: string | null;
  /** What it says, in one line (a message's text, a file's name, amounts). */
  summary: string;
}

export interface CaseLedgerEntry {
  /** The entry's id. */
  id: number;
  transactionId: number;
  kind: string;
  at: string;
  account: string;
  amountCents: number;
}

export interface CaseFileRef {
  id: string;
  name: string;
  sizeBytes: number;
  at: string;
  sender: string | null;
}

export interface CaseView {
  applicationId: number;
  dealId: number;
  dealTitle: string;
  status: ApplicationStatus;
  kinds: CaseKind[];
  openedAt: string | null;
  createdAt: string;
  paidAt: string | null;
  paidAmountCents: number;
  moneyReleaseDate: string | null;
  releaseRemainingMs: number | null;
  releasedAt: string | null;
  refundedAt: string | null;
  brand: CaseParty & { reliability: BrandReliability };
  influencer: CaseParty & { reliability: InfluencerReliability };
  /** The decisions the table allows now (none once the case is closed and the money moved). */
  decisions: CaseDecision[];
  timeline: CaseEvent[];
  ledger: CaseLedgerEntry[];
  files: CaseFileRef[];
  /**
   * What the influencer delivered (issue 37): the posts with their checks, the files, the earlier deliveries; null
   * before any work done. The admin deciding a contest reads it beside the timeline.
   */
  delivery: ApplicationDelivery | null;
}
