import { type ApplicationStatus, RELEASE_WINDOW_MS, type Reason } from "@market/contracts";

/**
 * The plain model of a hire's money lifecycle that the model-based test (money-model.int.test.ts) holds the real
 * services to: spec section 4 and the countdown of issue 13, written again from the spec in the simplest form, on
 * purpose independent of the lifecycle table and countdown.ts (a shared bug would otherwise agree with itself).
 * Times are epoch milliseconds.
 */
export interface HireModel {
  status: ApplicationStatus;
  expiration: number;
  /** moneyReleaseDate: set by work done; null while paused; kept after the money moved. */
  releaseAt: number | null;
  /** releaseRemainingMs: the time left of a paused countdown. */
  remainingMs: number | null;
  contested: boolean;
  paid: boolean;
  refunded: boolean;
}

export const waitingHire = (expiration: number): HireModel => ({
  status: "WAITING",
  expiration,
  releaseAt: null,
  remainingMs: null,
  contested: false,
  paid: false,
  refunded: false,
});

/**
 * The test cards of the sandbox, by what happens when the brand pays with them: 4242 succeeds; 4000 0027 6000 3184
 * asks for authentication, which the brand passes (then accept confirms, or the browser went away and only the
 * provider's webhook completes it) or fails; 4000 0000 0000 0002 is declined.
 */
export const CARDS = ["succeeds", "authApproved", "authApprovedWebhookOnly", "authFailed", "declined"] as const;
export type Card = (typeof CARDS)[number];

export const MONEY_ACTIONS = ["accept", "workDone", "workNotDone", "release", "refund"] as const;
export type MoneyAction = (typeof MONEY_ACTIONS)[number];

export type Step = { ok: true; next: HireModel } | { ok: false; reason: Reason };

/** The status an action needs (accept: WAITING; the others: PROGRESS). */
const FROM: Record<MoneyAction, ApplicationStatus> = {
  accept: "WAITING",
  workDone: "PROGRESS",
  workNotDone: "PROGRESS",
  release: "PROGRESS",
  refund: "PROGRESS",
};
const STAGE: Record<ApplicationStatus, number> = { WAITING: 0, PROGRESS: 1, COMPLETE: 2, DENIED: 2 };

/** A WAITING proposal reads as DENIED (expired) from its expiration instant on. */
const lapsed = (hire: HireModel, now: number) => hire.status === "WAITING" && hire.expiration <= now;
const delivered = (hire: HireModel) => hire.releaseAt !== null || hire.remainingMs !== null;

/** The money moved (release or refund): nothing is paused or contested any more; the release date stays. */
const ended = (hire: HireModel, status: ApplicationStatus): HireModel => ({
  ...hire,
  status,
  remainingMs: null,
  contested: false,
});

/** What `action` does to `hire` at `now`, paying with `card` for accept. */
export function step(hire: HireModel, action: MoneyAction, now: number, card: Card = "succeeds"): Step {
  if (lapsed(hire, now)) return { ok: false, reason: "expired" };
  const from = FROM[action];
  if (hire.status !== from) {
    return { ok: false, reason: STAGE[hire.status] < STAGE[from] ? "not_allowed_yet" : "closed" };
  }
  switch (action) {
    case "accept":
      if (card === "declined" || card === "authFailed") return { ok: false, reason: "payment_failed" };
      // The browser went away after the authentication step: its accept answered requiresAction (a success for the
      // brand's call), and the webhook pays the hire.
      return { ok: true, next: { ...hire, status: "PROGRESS", paid: true } };
    case "workDone":
      // The first delivery, or again after the brand's contest: a full window.
      if (delivered(hire) && !hire.contested) return { ok: false, reason: "conflict" };
      return { ok: true, next: { ...hire, releaseAt: now + RELEASE_WINDOW_MS, remainingMs: null, contested: false } };
    case "workNotDone":
      if (!delivered(hire)) return { ok: false, reason: "not_allowed_yet" };
      if (hire.contested) return { ok: false, reason: "conflict" };
      if (hire.releaseAt !== null && hire.releaseAt <= now) return { ok: false, reason: "closed" };
      // Paused with the time left.
      return {
        ok: true,
        next: {
          ...hire,
          releaseAt: null,
          remainingMs: hire.releaseAt === null ? hire.remainingMs : hire.releaseAt - now,
          contested: true,
        },
      };
    case "release":
      return { ok: true, next: ended(hire, "COMPLETE") };
    case "refund":
      return { ok: true, next: { ...ended(hire, "DENIED"), refunded: true } };
  }
}

/** The automatic release at `now`: a PROGRESS hire whose running countdown has ended is COMPLETE. */
export function sweep(hire: HireModel, now: number): HireModel {
  if (hire.status === "PROGRESS" && hire.releaseAt !== null && hire.releaseAt <= now) return ended(hire, "COMPLETE");
  return hire;
}
