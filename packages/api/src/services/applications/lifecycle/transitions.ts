import {
  type ApplicationAction,
  type ApplicationStatus,
  type ChatMessageType,
  type DeniedReason,
  type NotificationType,
  RELEASE_WINDOW_MS,
  type Reason,
} from "@market/contracts";
import { effectiveStatus, isPastExpiration } from "../effective-status";

/**
 * The application lifecycle of spec section 4 as one table: every action, who may take it, from which status,
 * under which preconditions, to which status, and what it writes besides the status. Pure: the runner
 * (apply-action.ts) evaluates it under a row lock and performs the writes; sweeps read it for theirs.
 */

/**
 * Who acts: one of the application's two parties, or the system (sweeps). An admin impersonating a user acts
 * as that user (the role of the party it impersonates) with `impersonating` set.
 */
export const ACTOR_ROLES = ["influencer", "brand", "system"] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];
export type PartyRole = Exclude<ActorRole, "system">;

export interface Actor {
  role: ActorRole;
  impersonating: boolean;
}

/** A named condition on the row beyond its status, each with the reason given when it does not hold. */
export const PRECONDITIONS = {
  beforeExpiration: {
    holds: (row: LifecycleRow, now: Date) => !isPastExpiration(row, now),
    reason: "expired",
    message: "This proposal expired.",
  },
  pastExpiration: {
    holds: (row: LifecycleRow, now: Date) => isPastExpiration(row, now),
    reason: "not_allowed_yet",
    message: "This proposal has not expired yet.",
  },
  noReleaseDate: {
    holds: (row: LifecycleRow) => row.moneyReleaseDate === null,
    reason: "conflict",
    message: "The work is already marked as done.",
  },
  releaseDateSet: {
    holds: (row: LifecycleRow) => row.moneyReleaseDate !== null,
    reason: "not_allowed_yet",
    message: "The work is not marked as done yet.",
  },
  releaseDue: {
    holds: (row: LifecycleRow, now: Date) =>
      row.moneyReleaseDate !== null && row.moneyReleaseDate.getTime() <= now.getTime(),
    reason: "not_allowed_yet",
    message: "The brand's reaction window has not ended yet.",
  },
} as const satisfies Record<
  string,
  { holds: (row: LifecycleRow, now: Date) => boolean; reason: Reason; message: string }
>;
export type Precondition = keyof typeof PRECONDITIONS;

/** The ledger transactions of docs money.md, by name; the runner of the payment issue writes their entries. */
export type LedgerMovement = "brandPays" | "release" | "refund";

/** Who receives a notification: one party, relative to the application. */
export type Recipient = PartyRole;

export interface Transition {
  /** Roles allowed; an impersonating admin counts as the role of the user it acts as. */
  by: readonly ActorRole[];
  /** Only an admin acting through an impersonation session (the refund). */
  impersonatorOnly?: true;
  from: ApplicationStatus;
  preconditions: readonly Precondition[];
  to: ApplicationStatus;
  /**
   * Read the stored status rather than the effective one: only expiry, the action that makes the stored
   * status catch up with what every read already shows.
   */
  storedStatus?: true;
  writes: {
    /** The typed chat message the action posts, if any (update posts its price_update only when prices change). */
    chat: ChatMessageType | null;
    notify: { type: NotificationType; to: Recipient } | null;
    ledger: LedgerMovement | null;
    /** The denied reason set on the row, when it is fixed by the action (decline takes the brand's choice). */
    deniedReason?: DeniedReason;
    /** Sets moneyReleaseDate to now plus the brand's reaction window (work done), or clears it (work not done). */
    moneyReleaseDate?: "startWindow" | "clear";
    /** Mails the support address (arbitration). */
    mailsSupport?: true;
  };
}

/**
 * Arbitration is open in every status: a dispute can arise before a hire as well as after. It posts a system line
 * in the chat; its service (services/support/arbitration.ts) notifies the other side, whichever asked.
 */
const arbitrationFrom = (from: ApplicationStatus): Transition => ({
  by: ["influencer", "brand"],
  from,
  preconditions: [],
  to: from,
  writes: { chat: "arbitration", notify: null, ledger: null, mailsSupport: true },
});

export const TRANSITIONS: Record<ApplicationAction, readonly Transition[]> = {
  update: [
    {
      by: ["influencer"],
      from: "WAITING",
      preconditions: ["beforeExpiration"],
      to: "WAITING",
      writes: { chat: "price_update", notify: { type: "application_update", to: "brand" }, ledger: null },
    },
  ],
  requestChanges: [
    {
      by: ["brand"],
      from: "WAITING",
      preconditions: ["beforeExpiration"],
      to: "WAITING",
      writes: { chat: "change_request", notify: { type: "change_request", to: "influencer" }, ledger: null },
    },
  ],
  decline: [
    {
      by: ["brand"],
      from: "WAITING",
      preconditions: ["beforeExpiration"],
      to: "DENIED",
      writes: { chat: null, notify: { type: "declined", to: "influencer" }, ledger: null },
    },
  ],
  expire: [
    {
      by: ["system"],
      from: "WAITING",
      storedStatus: true,
      preconditions: ["pastExpiration"],
      to: "DENIED",
      writes: { chat: null, notify: { type: "declined", to: "influencer" }, ledger: null, deniedReason: "EXPIRED" },
    },
  ],
  acceptAndPay: [
    {
      by: ["brand"],
      from: "WAITING",
      preconditions: ["beforeExpiration"],
      to: "PROGRESS",
      writes: { chat: "payment", notify: { type: "payment", to: "influencer" }, ledger: "brandPays" },
    },
  ],
  workDone: [
    {
      by: ["influencer"],
      from: "PROGRESS",
      preconditions: ["noReleaseDate"],
      to: "PROGRESS",
      writes: {
        chat: "work_done",
        notify: { type: "work_done", to: "brand" },
        ledger: null,
        moneyReleaseDate: "startWindow",
      },
    },
  ],
  workNotDone: [
    {
      by: ["brand"],
      from: "PROGRESS",
      preconditions: ["releaseDateSet"],
      to: "PROGRESS",
      writes: {
        chat: "work_not_done",
        notify: { type: "work_not_done", to: "influencer" },
        ledger: null,
        moneyReleaseDate: "clear",
      },
    },
  ],
  release: [
    {
      by: ["brand"],
      from: "PROGRESS",
      preconditions: [],
      to: "COMPLETE",
      writes: { chat: "money_released", notify: { type: "money_released", to: "influencer" }, ledger: "release" },
    },
  ],
  autoRelease: [
    {
      by: ["system"],
      from: "PROGRESS",
      preconditions: ["releaseDue"],
      to: "COMPLETE",
      writes: { chat: "money_released", notify: { type: "money_released", to: "influencer" }, ledger: "release" },
    },
  ],
  refund: [
    {
      by: ["brand", "influencer"],
      impersonatorOnly: true,
      from: "PROGRESS",
      preconditions: [],
      to: "DENIED",
      writes: { chat: null, notify: null, ledger: "refund" },
    },
  ],
  arbitration: (["WAITING", "PROGRESS", "COMPLETE", "DENIED"] as const).map(arbitrationFrom),
};

/** The moneyReleaseDate work done sets. */
export const releaseDateFrom = (now: Date) => new Date(now.getTime() + RELEASE_WINDOW_MS);

/** The fields of an application the table reads. */
export interface LifecycleRow {
  status: ApplicationStatus;
  expiration: Date;
  deniedReason: DeniedReason | null;
  moneyReleaseDate: Date | null;
}

export type Decision =
  | { ok: true; transition: Transition; from: ApplicationStatus }
  | { ok: false; reason: Reason; message: string };

/** Where a status stands in the lifecycle: an action of a later stage is not allowed yet, of an earlier one closed. */
const STAGE: Record<ApplicationStatus, number> = { WAITING: 0, PROGRESS: 1, COMPLETE: 2, DENIED: 2 };

function statusRefusal(current: { status: ApplicationStatus; deniedReason: DeniedReason | null }, wanted: Transition) {
  if (current.status === "DENIED" && current.deniedReason === "EXPIRED") {
    return { ok: false, reason: "expired", message: "This proposal expired." } as const;
  }
  if (STAGE[current.status] < STAGE[wanted.from]) {
    return { ok: false, reason: "not_allowed_yet", message: "This application is not at that stage yet." } as const;
  }
  return {
    ok: false,
    reason: "closed",
    message: "This application has moved on; reload it to see where it stands.",
  } as const;
}

/**
 * Whether `actor` may take `action` on `row` at `now`, and through which transition. The order of the checks
 * is the order of what a person can fix: who they are (forbidden), then where the application stands (expired,
 * closed, not_allowed_yet), then the action's own conditions.
 */
export function decide(row: LifecycleRow, action: ApplicationAction, actor: Actor, now: Date): Decision {
  const transitions = TRANSITIONS[action];
  const byRole = transitions.filter(
    (transition) => transition.by.includes(actor.role) && (!transition.impersonatorOnly || actor.impersonating),
  );
  if (byRole.length === 0)
    return { ok: false, reason: "forbidden", message: "You cannot do this on this application." };
  const effective = effectiveStatus(row, now);
  const current = (transition: Transition) =>
    transition.storedStatus ? { status: row.status, deniedReason: row.deniedReason } : effective;
  const transition = byRole.find((candidate) => current(candidate).status === candidate.from);
  if (!transition) return statusRefusal(effective, byRole[0] as Transition);
  for (const name of transition.preconditions) {
    const precondition = PRECONDITIONS[name];
    if (!precondition.holds(row, now)) return { ok: false, reason: precondition.reason, message: precondition.message };
  }
  return { ok: true, transition, from: current(transition).status };
}
