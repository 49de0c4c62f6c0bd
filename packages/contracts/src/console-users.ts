import { z } from "zod";
import { adminReason, consoleCursor } from "./admin-console";
import { rowId } from "./ids";

/**
 * The console's users (issue 36, point 4): search, a user's page, impersonation with a reason, and the two-person
 * rule for large refunds.
 */

/** What the search box takes: an id (digits), an email or its start, a username's start, or part of a brand name. */
export const USER_QUERY_MAX = 120;

export const consoleUserKind = z.enum(["brand", "influencer"]);

/** GET /admin/api/users?q= and the console's user search; newest accounts first, keyset-paged. */
export const userSearchInput = z.object({
  q: z.string().trim().max(USER_QUERY_MAX).optional(),
  kind: consoleUserKind.optional(),
  /** Only influencers flagged as maybe fake. */
  flag: z.enum(["maybe_fake"]).optional(),
  cursor: consoleCursor,
});
export type UserSearchInput = z.infer<typeof userSearchInput>;

export interface ConsoleUserRow {
  id: number;
  kind: "brand" | "influencer";
  username: string;
  email: string;
  /** Brands: the company's name. */
  brandName: string | null;
  isAdmin: boolean;
  maybeFake: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface UserSearchPage {
  users: ConsoleUserRow[];
  nextCursor: string | null;
}

export const consoleUserInput = z.object({ id: rowId });

/** Rows of a user's page's short lists (recent campaigns, applications, payouts, sessions). */
export const USER_PAGE_RECENT = 10;

export interface ConsoleUserPage {
  user: ConsoleUserRow;
  /** Brands: their campaigns, newest first, and how many in all. */
  campaigns: { total: number; recent: { id: number; title: string; reviewStatus: string; createdAt: string }[] } | null;
  /** Both kinds: the hires and applications they are a party of, newest first, and the counts by status. */
  applications: {
    byStatus: Record<string, number>;
    recent: {
      id: number;
      dealId: number;
      dealTitle: string;
      status: string;
      paidAmountCents: number;
      createdAt: string;
    }[];
  };
  money: {
    /** Influencers: what the ledger holds for them now. */
    balanceCents: number | null;
    /** Brands: paid into escrow in all; influencers: released to them in all (the hire's amount). */
    paidCents: number;
    /** Brands: refunded to them in all. */
    refundedCents: number;
    /** Influencers: their payouts, newest first. */
    payouts: { id: number; amountCents: number; status: string; method: string; requestedAt: string }[];
  };
  /** Influencers: the maybe-fake warning as it stands. */
  flags: { maybeFake: boolean } | null;
  logins: {
    lastLoginAt: string | null;
    /** Their own open sessions (not an admin's acting as them), newest first. */
    sessions: { createdAt: string; lastSeenAt: string }[];
    /** The networks (an IPv4 /24, an IPv6 /64) they signed in from, most recent first, with the last time. */
    sources: { source: string; lastSuccessAt: string }[];
  };
  /** Whether an admin may act as them from here (not an admin). */
  canImpersonate: boolean;
}

/** The console's "act as this user": the reason is kept in the audit log. */
export const impersonateUserInput = z.object({ userId: rowId, reason: adminReason });
export type ImpersonateUserInput = z.infer<typeof impersonateUserInput>;

/**
 * Refunds above this need a second admin's approval (the two-person rule), unless REFUND_SECOND_APPROVAL_CENTS
 * says otherwise: $1,000.
 */
export const REFUND_SECOND_APPROVAL_DEFAULT_CENTS = 100_000;

export const REFUND_REQUEST_STATUSES = ["pending", "approved", "rejected", "executed"] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

/** The refunds queue: pending requests oldest first (or another status's). */
export const refundRequestListInput = z.object({
  status: z.enum(REFUND_REQUEST_STATUSES).default("pending"),
  cursor: consoleCursor,
});
export type RefundRequestListInput = z.infer<typeof refundRequestListInput>;

export interface RefundRequestView {
  id: number;
  applicationId: number;
  dealTitle: string;
  brand: { id: number; username: string };
  influencer: { id: number; username: string };
  amountCents: number;
  status: RefundRequestStatus;
  requestedBy: { id: number; username: string };
  reason: string;
  requestedAt: string;
  decidedBy: { id: number; username: string } | null;
  decisionReason: string | null;
  decidedAt: string | null;
  /** Whether the viewing admin may decide it: pending and not theirs. */
  mayDecide: boolean;
}

export interface RefundRequestPage {
  requests: RefundRequestView[];
  nextCursor: string | null;
}

/** An admin's refund (POST /admin/api/applications/{id}/refund): the reason is kept when the refund must wait. */
export const adminRefundInput = z.object({ id: rowId, reason: adminReason.optional() });

export const approveRefundInput = z.object({ id: rowId, reason: adminReason.optional() });
export const rejectRefundInput = z.object({ id: rowId, reason: adminReason });

/** What an admin's refund answers above the threshold: no money moved, a request waits for a second admin. */
export interface RefundAwaitingApproval {
  status: "awaiting_second_approval";
  refundRequestId: number;
  amountCents: number;
  thresholdCents: number;
}
