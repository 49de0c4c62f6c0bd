import type { DealView, OwnApplicationSummary } from "@market/contracts";

/** What the deal page offers the influencer, decided from the deal, their own application and the clock. */
export interface DealActions {
  /** Why no new proposal can be sent: the deadline has passed (closed) or the brand paused the deal. */
  notice: "closed" | "paused" | null;
  /** "Send a proposal": an open deal the influencer has not applied to yet. */
  canSend: boolean;
  /** The "Your proposal" panel, when the influencer has applied. */
  proposal: {
    /** Past its expiration (DENIED, EXPIRED, or WAITING past it): the brand can no longer accept it (spec section 4). */
    expired: boolean;
    /** "Update my proposal": only while WAITING and not expired (the server refuses anything else). */
    canUpdate: boolean;
  } | null;
}

/**
 * Spec sections 2, 4 and 8: an open deal without an application offers the proposal modal (new mode); an
 * application shows its panel, updatable while WAITING and not expired, whatever the deal's status (the
 * server's update checks only the application); a closed or paused deal says so instead of the Send button.
 */
export function dealActions(
  deal: Pick<DealView, "status">,
  application: OwnApplicationSummary | null | undefined,
  now: Date,
): DealActions {
  const notice = deal.status === "open" ? null : deal.status;
  if (!application) return { notice, canSend: deal.status === "open", proposal: null };
  // The server reads a lapsed proposal as DENIED, EXPIRED; the clock check covers one lapsing while the page is open.
  const expired =
    application.deniedReason === "EXPIRED" ||
    (application.status === "WAITING" && application.expiration.getTime() <= now.getTime());
  return {
    notice,
    canSend: false,
    proposal: { expired, canUpdate: application.status === "WAITING" && !expired },
  };
}
