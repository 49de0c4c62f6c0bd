import {
  type ApplicationAction,
  type ApplicationStatus,
  type ChatMessageType,
  type DeniedReason,
  type NotificationType,
  RELEASE_REMINDER_LEADS_MS,
  type Reason,
} from "@market/contracts";
import type { LedgerMovement } from "../../ledger/movements";
import { effectiveStatus } from "../effective-status";
import { type CountdownRow, isDelivered, type ReleaseClockEffect, type RemindersEffect } from "./countdown";

/**
 * The application lifecycle of spec section 4 as one table: every action, who may take it, from which status,
 * under which preconditions, to which status, and what it writes besides the status, money and clocks included.
 * Pure: the runner (apply-action.ts) evaluates it under a row lock and performs the writes; the sweeps read TIMERS
 * for when time acts and take its system transitions.
 */

/** A row field holding the instant a clock runs to. */
export type ClockField = "expiration" | "moneyReleaseDate";

/** A deadline: once the row's `at` has passed while it is `status`, the system takes `fires` (a sweep, each minute). */
export interface Deadline {
  status: ApplicationStatus;
  at: ClockField;
  fires: ApplicationAction;
}

/**
 * Reminders before a deadline while its clock runs: one at each lead (longest first), counted on the row in
 * `countedIn` so that each goes out once per countdown; one that falls due late goes out with the later ones
 * (a countdown resumed within 24 h gets the 24 h reminder only).
 */
export interface Reminders {
  before: "release";
  leadsMs: readonly number[];
  countedIn: "releaseRemindersSent";
}

/**
 * When time acts on an application, the one place: the sweeps (expire-sweep.ts, release-sweep.ts,
 * release-reminders.ts, through timer-sql.ts) read their due condition from here, and the preconditions of the
 * system transitions below read the same fields. What arms, pauses, resumes or ends each clock is each
 * transition's `writes.clocks`.
 */
export const TIMERS = {
  /** Spec section 4: a proposal nobody answered lapses at its expiration (reads show it at once: effective-status.ts). */
  expiry: { status: "WAITING", at: "expiration", fires: "expire" },
  /** Spec section 4: the brand's window after work done; when it ends the money is released. */
  release: { status: "PROGRESS", at: "moneyReleaseDate", fires: "autoRelease" },
  /** Beyond the spec: the brand is reminded 72 h and 24 h before the automatic release. */
  releaseReminders: { before: "release", leadsMs: RELEASE_REMINDER_LEADS_MS, countedIn: "releaseRemindersSent" },
} as const satisfies { expiry: Deadline; release: Deadline; releaseReminders: Reminders };
export type TimerName = keyof typeof TIMERS;

/** The deadline's instant has passed at `now` (the instant itself counts: nothing can change then). */
export function hasPassed(deadline: Deadline, row: Pick<LifecycleRow, ClockField>, now: Date): boolean {
  const at = row[deadline.at];
  return at !== null && at.getTime() <= now.getTime();
}

/**
 * What a transition does to the clocks of TIMERS, one entry per clock it touches. The runner writes release and
 * releaseReminders (countdown.ts computes the fields); expiry is set by the action's own writes from the
 * influencer's input (creation, before the table, sets the first).
 */
export interface ClockEffects {
  expiry?: "set";
  release?: ReleaseClockEffect;
  releaseReminders?: RemindersEffect;
}

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
    holds: (row: LifecycleRow, now: Date) => !hasPassed(TIMERS.expiry, row, now),
    reason: "expired",
    message: "This proposal expired.",
  },
  pastExpiration: {
    holds: (row: LifecycleRow, now: Date) => hasPassed(TIMERS.expiry, row, now),
    reason: "not_allowed_yet",
    message: "This proposal has not expired yet.",
  },
  /** Spec: work done only without a release date; beyond it, again after the brand's contest (a new delivery). */
  notDelivered: {
    holds: (row: LifecycleRow) => !isDelivered(row) || row.contestedAt !== null,
    reason: "conflict",
    message: "The work is already marked as done.",
  },
  /** Spec: the brand contests once the release date is set (or while the countdown is paused). */
  delivered: {
    holds: (row: LifecycleRow) => isDelivered(row),
    reason: "not_allowed_yet",
    message: "The work is not marked as done yet.",
  },
  notContested: {
    holds: (row: LifecycleRow) => row.contestedAt === null,
    reason: "conflict",
    message: "The work is already contested.",
  },
  /** Once the window has ended the money is the influencer's: the sweep releases it within a minute. */
  releaseNotDue: {
    holds: (row: LifecycleRow, now: Date) => !hasPassed(TIMERS.release, row, now),
    reason: "closed",
    message: "The brand's reaction window has ended: the money is being released.",
  },
  releaseDue: {
    holds: (row: LifecycleRow, now: Date) => hasPassed(TIMERS.release, row, now),
    reason: "not_allowed_yet",
    message: "The brand's reaction window has not ended yet.",
  },
  /** An admin's refund is under way (services/admin/refund.ts): the escrow is the card's until it ends. */
  notRefunding: {
    holds: (row: LifecycleRow) => row.refundRequestedAt === null,
    reason: "conflict",
    message: "A refund of this hire is under way.",
  },
  caseOpen: {
    holds: (row: LifecycleRow) => row.contestedAt !== null || row.arbitrationOpenedAt !== null,
    reason: "conflict",
    message: "No contest or request for arbitration is open on this application.",
  },
} as const satisfies Record<
  string,
  { holds: (row: LifecycleRow, now: Date) => boolean; reason: Reason; message: string }
>;
export type Precondition = keyof typeof PRECONDITIONS;

/**
 * Who receives a notification: a party, relative to the application, or the party facing the one who acted (an
 * action either party takes: the other side is told, whichever asked).
 */
export type Recipient = PartyRole | "otherParty";

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
    /** The chat line is the platform's (no sender; the admin who acted is kept as its impersonator). */
    chatByPlatform?: true;
    notify: { type: NotificationType; to: readonly Recipient[] } | null;
    ledger: LedgerMovement | null;
    /** The denied reason set on the row, when it is fixed by the action (decline takes the brand's choice). */
    deniedReason?: DeniedReason;
    /** What the action does to the clocks (TIMERS); none: time runs on as it did. */
    clocks?: ClockEffects;
    /** Mails the support address (arbitration). */
    mailsSupport?: true;
  };
}

const STATUSES = ["WAITING", "PROGRESS", "COMPLETE", "DENIED"] as const;

/**
 * Arbitration is open in every status: a dispute can arise before a hire as well as after. It posts a system line
 * in the chat and tells the other side, whichever asked; its service (services/support/request-arbitration.ts) stores
 * the request and mails support. The case stays open until an admin closes it, and pauses a running release
 * countdown meanwhile.
 */
const arbitrationFrom = (from: ApplicationStatus): Transition => ({
  by: ["influencer", "brand"],
  from,
  preconditions: [],
  to: from,
  writes: {
    chat: "arbitration",
    notify: { type: "arbitration", to: ["otherParty"] },
    ledger: null,
    mailsSupport: true,
    clocks: { release: "pauseForArbitration" },
  },
});

/**
 * An impersonating admin closes the case (a contest, requests for arbitration) in any status it was opened in; a
 * countdown it paused resumes with the time that was left. Both parties are told, in the chat and by notification.
 */
const closeCaseFrom = (from: ApplicationStatus): Transition => ({
  by: ["brand", "influencer"],
  impersonatorOnly: true,
  from,
  preconditions: ["caseOpen"],
  to: from,
  writes: {
    chat: "case_closed",
    chatByPlatform: true,
    notify: { type: "case_closed", to: ["brand", "influencer"] },
    ledger: null,
    clocks: { release: "resume" },
  },
});

export const TRANSITIONS: Record<ApplicationAction, readonly Transition[]> = {
  update: [
    {
      by: ["influencer"],
      from: "WAITING",
      preconditions: ["beforeExpiration"],
      to: "WAITING",
      writes: {
        chat: "price_update",
        notify: { type: "application_update", to: ["brand"] },
        ledger: null,
        clocks: { expiry: "set" },
      },
    },
  ],
  requestChanges: [
    {
      by: ["brand"],
      from: "WAITING",
      preconditions: ["beforeExpiration"],
      to: "WAITING",
      writes: { chat: "change_request", notify: { type: "change_request", to: ["influencer"] }, ledger: null },
    },
  ],
  decline: [
    {
      by: ["brand"],
      from: "WAITING",
      preconditions: ["beforeExpiration"],
      to: "DENIED",
      writes: { chat: null, notify: { type: "declined", to: ["influencer"] }, ledger: null },
    },
  ],
  expire: [
    {
      by: ["system"],
      from: "WAITING",
      storedStatus: true,
      preconditions: ["pastExpiration"],
      to: "DENIED",
      writes: { chat: null, notify: { type: "declined", to: ["influencer"] }, ledger: null, deniedReason: "EXPIRED" },
    },
  ],
  accept: [
    {
      by: ["brand"],
      from: "WAITING",
      preconditions: ["beforeExpiration"],
      to: "PROGRESS",
      writes: { chat: "payment", notify: { type: "payment", to: ["influencer"] }, ledger: "brandPays" },
    },
  ],
  workDone: [
    {
      by: ["influencer"],
      from: "PROGRESS",
      preconditions: ["notDelivered"],
      to: "PROGRESS",
      writes: {
        chat: "work_done",
        notify: { type: "work_done", to: ["brand"] },
        ledger: null,
        clocks: { release: "arm", releaseReminders: "restart" },
      },
    },
  ],
  workNotDone: [
    {
      by: ["brand"],
      from: "PROGRESS",
      preconditions: ["delivered", "notContested", "releaseNotDue"],
      to: "PROGRESS",
      writes: {
        chat: "work_not_done",
        notify: { type: "work_not_done", to: ["influencer"] },
        ledger: null,
        clocks: { release: "pauseForContest" },
        mailsSupport: true,
      },
    },
  ],
  release: [
    {
      by: ["brand"],
      from: "PROGRESS",
      preconditions: ["notRefunding"],
      to: "COMPLETE",
      writes: {
        chat: "money_released",
        notify: { type: "money_released", to: ["influencer"] },
        ledger: "release",
        clocks: { release: "end" },
      },
    },
  ],
  /** The sweep's release: the brand did not act within its window; both parties are told. */
  autoRelease: [
    {
      by: ["system"],
      from: "PROGRESS",
      preconditions: ["releaseDue", "notRefunding"],
      to: "COMPLETE",
      writes: {
        chat: "money_released",
        notify: { type: "money_released", to: ["influencer", "brand"] },
        ledger: "release",
        clocks: { release: "end" },
      },
    },
  ],
  /**
   * An impersonating admin gives the brand its money back (through the gateway): the hire is over, DENIED without a
   * reason, refundedAt set. The chat line is the platform's; both parties are notified: the brand of its money, the
   * influencer that the hire ended.
   */
  refund: [
    {
      by: ["brand", "influencer"],
      impersonatorOnly: true,
      from: "PROGRESS",
      preconditions: [],
      to: "DENIED",
      writes: {
        chat: "refund",
        chatByPlatform: true,
        notify: { type: "refund", to: ["brand", "influencer"] },
        ledger: "refund",
        clocks: { release: "end" },
      },
    },
  ],
  arbitration: STATUSES.map(arbitrationFrom),
  closeCase: STATUSES.map(closeCaseFrom),
};

/** The fields of an application the table reads. */
export interface LifecycleRow extends CountdownRow {
  status: ApplicationStatus;
  expiration: Date;
  deniedReason: DeniedReason | null;
  refundRequestedAt: Date | null;
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
