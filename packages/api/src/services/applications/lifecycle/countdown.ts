import {
  type ApplicationStatus,
  type CountdownPause,
  RELEASE_WINDOW_MS,
  type ReleaseCountdown,
} from "@market/contracts";

/**
 * The brand's reaction window after work done (spec section 4: 10 days, then the automatic release) and, beyond the
 * spec, its pauses: while the brand's contest or a request for arbitration is open the countdown stands still with
 * the time that was left. Pure: the lifecycle table names an effect per action (`writes.clocks`), the runner writes
 * what this returns.
 *
 * The row's fields, one meaning each:
 * - moneyReleaseDate set: the countdown runs until then (the sweep releases the money when it passes). Kept after
 *   the release, as the spec's field.
 * - releaseRemainingMs set: the countdown is paused with that much left (never with a release date too).
 * - contestedAt: the brand's contest is open; the influencer's new delivery or the admin's close ends it.
 * - arbitrationOpenedAt: a request for arbitration is open; only the admin's close ends it.
 * - releaseRemindersSent: the brand's reminders already sent for this countdown (release-reminders.ts).
 */
export interface CountdownRow {
  status: ApplicationStatus;
  moneyReleaseDate: Date | null;
  releaseRemainingMs: number | null;
  contestedAt: Date | null;
  arbitrationOpenedAt: Date | null;
  releaseRemindersSent: number;
}

/** The fields of the release clock (the reminders' count is the reminders' own: remindersAfter). */
export type CountdownFields = Omit<CountdownRow, "status" | "releaseRemindersSent">;

/**
 * What an action does to the release clock (the lifecycle table's `writes.clocks.release`):
 * - arm (work done): a full window again, which runs unless a request for arbitration holds it; answers a contest.
 * - pauseForContest (work not done): pauses with the time left.
 * - pauseForArbitration: pauses a running countdown with the time left (in PROGRESS; other statuses only note the
 *   case).
 * - resume (the admin closes the case): ends the contest and the requests; a paused countdown resumes with the time
 *   that was left.
 * - end (release, refund): the money has moved; nothing is paused or contested any more (an open request stays
 *   for the admin to close).
 */
export const RELEASE_CLOCK_EFFECTS = ["arm", "pauseForContest", "pauseForArbitration", "resume", "end"] as const;
export type ReleaseClockEffect = (typeof RELEASE_CLOCK_EFFECTS)[number];

/** What an action does to the reminders before the release: restart (a new countdown is reminded again). */
export type RemindersEffect = "restart";

/** The countdown a running one becomes when paused at `now`: the time left, never negative. */
function paused(row: CountdownRow, now: Date): Pick<CountdownFields, "moneyReleaseDate" | "releaseRemainingMs"> {
  if (row.status !== "PROGRESS" || row.moneyReleaseDate === null) {
    return { moneyReleaseDate: row.moneyReleaseDate, releaseRemainingMs: row.releaseRemainingMs };
  }
  return {
    moneyReleaseDate: null,
    releaseRemainingMs: Math.max(0, row.moneyReleaseDate.getTime() - now.getTime()),
  };
}

/** The row's release clock fields after `effect` at `now`. */
export function countdownAfter(effect: ReleaseClockEffect, row: CountdownRow, now: Date): CountdownFields {
  const same: CountdownFields = {
    moneyReleaseDate: row.moneyReleaseDate,
    releaseRemainingMs: row.releaseRemainingMs,
    contestedAt: row.contestedAt,
    arbitrationOpenedAt: row.arbitrationOpenedAt,
  };
  switch (effect) {
    case "arm":
      return {
        ...same,
        contestedAt: null,
        ...(row.arbitrationOpenedAt
          ? { moneyReleaseDate: null, releaseRemainingMs: RELEASE_WINDOW_MS }
          : { moneyReleaseDate: new Date(now.getTime() + RELEASE_WINDOW_MS), releaseRemainingMs: null }),
      };
    case "pauseForContest":
      return { ...same, ...paused(row, now), contestedAt: now };
    case "pauseForArbitration":
      return { ...same, ...paused(row, now), arbitrationOpenedAt: row.arbitrationOpenedAt ?? now };
    case "resume": {
      const resumes = row.status === "PROGRESS" && row.releaseRemainingMs !== null;
      return {
        ...same,
        contestedAt: null,
        arbitrationOpenedAt: null,
        ...(resumes
          ? { moneyReleaseDate: new Date(now.getTime() + (row.releaseRemainingMs ?? 0)), releaseRemainingMs: null }
          : {}),
      };
    }
    case "end":
      return { ...same, releaseRemainingMs: null, contestedAt: null };
  }
}

/** The reminders' count after `effect`: none sent yet for the new countdown. */
export function remindersAfter(effect: RemindersEffect): Pick<CountdownRow, "releaseRemindersSent"> {
  switch (effect) {
    case "restart":
      return { releaseRemindersSent: 0 };
  }
}

/** The work is done and waits for the brand: the countdown runs or is paused. */
export const isDelivered = (row: Pick<CountdownRow, "moneyReleaseDate" | "releaseRemainingMs">) =>
  row.moneyReleaseDate !== null || row.releaseRemainingMs !== null;

/** What holds a paused countdown, in a fixed order. */
export function pausesOf(row: Pick<CountdownRow, "contestedAt" | "arbitrationOpenedAt">): CountdownPause[] {
  return [
    ...(row.contestedAt ? (["contest"] as const) : []),
    ...(row.arbitrationOpenedAt ? (["arbitration"] as const) : []),
  ];
}

/** The countdown as the application page shows it at `now`: only while PROGRESS and the work is done. */
export function countdownView(row: CountdownRow, now: Date): ReleaseCountdown | null {
  if (row.status !== "PROGRESS") return null;
  if (row.moneyReleaseDate) {
    return {
      state: "running",
      releaseDate: row.moneyReleaseDate,
      remainingMs: Math.max(0, row.moneyReleaseDate.getTime() - now.getTime()),
    };
  }
  if (row.releaseRemainingMs !== null) {
    return { state: "paused", remainingMs: row.releaseRemainingMs, pausedBy: pausesOf(row) };
  }
  return null;
}
