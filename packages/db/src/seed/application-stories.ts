import { type ApplicationStatus, DAY_MS, RELEASE_WINDOW_MS } from "@market/contracts";
import type { Random } from "./random";

/**
 * How a seeded application got to where it is. Each story is one path of the lifecycle (spec 4), so
 * every status and every chat message type shows up with a history that makes sense.
 */
const STORIES = [
  "waiting",
  "waiting_expiring",
  "progress_paid",
  "progress_done",
  "progress_contested",
  "progress_resumed",
  "complete_manual",
  "complete_auto",
  "denied",
  "denied_expired",
  "refunded",
] as const;
export type Story = (typeof STORIES)[number];

export const STORY_STATUS: Record<Story, ApplicationStatus> = {
  waiting: "WAITING",
  waiting_expiring: "WAITING",
  progress_paid: "PROGRESS",
  progress_done: "PROGRESS",
  progress_contested: "PROGRESS",
  progress_resumed: "PROGRESS",
  complete_manual: "COMPLETE",
  complete_auto: "COMPLETE",
  denied: "DENIED",
  denied_expired: "DENIED",
  // An admin refunded the brand: the hire is over, DENIED without a reason.
  refunded: "DENIED",
};

const RELEASE_WINDOW_DAYS = RELEASE_WINDOW_MS / DAY_MS;

/**
 * Moments of a story in days before the deal's anchor (larger is earlier). Expiration is in whole days
 * from today, as the product sets it at 23:59.
 */
export interface Timeline {
  createdAgo: number;
  expirationDays: number;
  paidAgo?: number;
  workDoneAgo?: number;
  contestedAgo?: number;
  /** An admin closed the case: the countdown resumed with the time left at the contest. */
  closedAgo?: number;
  releasedAgo?: number;
  refundedAgo?: number;
  deniedAgo?: number;
}

export interface StoryWindow {
  /** When the deal was created. */
  dealAgo: number;
  /** Proposals must be sent before this: the deadline of a closed deal, else (almost) now. */
  applyByAgo: number;
}

/** Applications are sent between the deal's creation and its deadline, and before any later event. */
function createdBefore(rng: Random, window: StoryWindow, firstEventAgo: number, gap: number): number | null {
  const from = Math.max(window.applyByAgo + 0.01, firstEventAgo + gap);
  const to = window.dealAgo - 0.01;
  return from < to ? rng.between(from, to) : null;
}

/** The timeline of a story, or null when the deal is too young (or closed too early) for it. */
export function drawTimeline(rng: Random, story: Story, window: StoryWindow): Timeline | null {
  switch (story) {
    case "waiting":
    case "waiting_expiring": {
      const createdAgo = createdBefore(rng, window, 0, 0.005);
      if (createdAgo === null) return null;
      // Expiring ones show the time-left badge (under 3 days).
      return { createdAgo, expirationDays: story === "waiting" ? rng.int(5, 60) : rng.int(1, 2) };
    }
    case "denied": {
      const deniedAgo = rng.between(0.05, 20);
      const createdAgo = createdBefore(rng, window, deniedAgo, 0.2);
      return createdAgo === null ? null : { createdAgo, deniedAgo, expirationDays: expirationAfter(rng, createdAgo) };
    }
    case "denied_expired": {
      // Expired at 23:59 some day before today; the sweep denied it right away.
      const expirationDays = -rng.int(1, 20);
      const expiredAgo = -expirationDays - 0.999;
      const createdAgo = createdBefore(rng, window, expiredAgo, 1);
      return createdAgo === null ? null : { createdAgo, expirationDays, deniedAgo: expiredAgo - 0.001 };
    }
    case "progress_paid": {
      const paidAgo = rng.between(0.05, 8);
      return paid(rng, window, { paidAgo });
    }
    case "progress_done": {
      // Work done within the release window: the countdown still runs.
      const workDoneAgo = rng.between(0.1, RELEASE_WINDOW_DAYS - 1);
      return paid(rng, window, { workDoneAgo, paidAgo: workDoneAgo + rng.between(1, 8) });
    }
    case "progress_contested": {
      const workDoneAgo = rng.between(1, RELEASE_WINDOW_DAYS - 1);
      const contestedAgo = rng.between(0.05, workDoneAgo - 0.3);
      return paid(rng, window, { contestedAgo, workDoneAgo, paidAgo: workDoneAgo + rng.between(1, 6) });
    }
    case "progress_resumed": {
      // Contested, then the case closed: the time left at the contest runs again and has not ended yet.
      const workDoneAgo = rng.between(4, 20);
      const contestedAgo = workDoneAgo - rng.between(1, 3);
      const left = RELEASE_WINDOW_DAYS - (workDoneAgo - contestedAgo);
      const closedAgo = rng.between(0.1, Math.min(contestedAgo - 0.2, left - 0.5));
      return paid(rng, window, { closedAgo, contestedAgo, workDoneAgo, paidAgo: workDoneAgo + rng.between(1, 6) });
    }
    case "refunded": {
      // Contested and taken to arbitration; the platform gave the brand its money back.
      const refundedAgo = rng.between(0.2, 30);
      const contestedAgo = refundedAgo + rng.between(0.5, 4);
      const workDoneAgo = contestedAgo + rng.between(0.5, RELEASE_WINDOW_DAYS - 1);
      return paid(rng, window, { refundedAgo, contestedAgo, workDoneAgo, paidAgo: workDoneAgo + rng.between(1, 6) });
    }
    case "complete_manual": {
      const releasedAgo = rng.between(0.2, 45);
      const workDoneAgo = releasedAgo + rng.between(0.3, RELEASE_WINDOW_DAYS - 1);
      return paid(rng, window, { releasedAgo, workDoneAgo, paidAgo: workDoneAgo + rng.between(1, 8) });
    }
    case "complete_auto": {
      // Released automatically when the 10-day countdown ended.
      const releasedAgo = rng.between(0.1, 45);
      const workDoneAgo = releasedAgo + RELEASE_WINDOW_DAYS;
      return paid(rng, window, { releasedAgo, workDoneAgo, paidAgo: workDoneAgo + rng.between(1, 8) });
    }
  }
}

function paid(rng: Random, window: StoryWindow, moments: Omit<Timeline, "createdAgo" | "expirationDays">) {
  const paidAgo = moments.paidAgo ?? 0;
  const createdAgo = createdBefore(rng, window, paidAgo, 0.3);
  if (createdAgo === null) return null;
  return { ...moments, createdAgo, expirationDays: expirationAfter(rng, createdAgo) };
}

/** The expiration the influencer chose when sending: two weeks to two months later. */
function expirationAfter(rng: Random, createdAgo: number): number {
  return Math.round(rng.between(14, 60) - createdAgo);
}
