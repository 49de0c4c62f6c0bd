import { type ApplicationRole, HOUR_MS, type ReleaseCountdown } from "@market/contracts";
import type { ParseKeys, TFunction } from "i18next";
import { formatDeadline } from "../../../lib/deal-format";

/** Days and hours left, the hours rounded up: a countdown never reads 0 while time is left. */
export function daysAndHours(remainingMs: number): { days: number; hours: number } {
  const hours = Math.max(0, Math.ceil(remainingMs / HOUR_MS));
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}

/** "3 days and 4 hours", "5 hours", "2 days": the time left as the countdown says it. */
export function timeLeftText(t: TFunction, remainingMs: number): string {
  const { days, hours } = daysAndHours(remainingMs);
  if (days === 0 && hours === 0) return t("APPLICATION_PAGE.COUNTDOWN.NOW");
  const dayText = t("APPLICATION_PAGE.COUNTDOWN.DAYS", { count: days });
  const hourText = t("APPLICATION_PAGE.COUNTDOWN.HOURS", { count: hours });
  if (days === 0) return hourText;
  if (hours === 0) return dayText;
  return t("APPLICATION_PAGE.COUNTDOWN.DAYS_AND_HOURS", { days: dayText, hours: hourText });
}

export interface CountdownText {
  paused: boolean;
  headline: string;
  /** Why it is paused and what ends the pause, one line each. */
  details: string[];
}

/**
 * The release countdown as each side reads it (beyond the spec): how long the brand has left before the money goes
 * to the influencer automatically, or that it is paused, by what, and what resumes it.
 */
export function countdownText(t: TFunction, role: ApplicationRole, countdown: ReleaseCountdown): CountdownText {
  const left = timeLeftText(t, countdown.remainingMs);
  const side = role === "brand" ? "BRAND" : "INFLUENCER";
  if (countdown.state === "running") {
    return {
      paused: false,
      headline: t(`APPLICATION_PAGE.COUNTDOWN.RUNNING_${side}`, { left, date: formatDeadline(countdown.releaseDate) }),
      details: [],
    };
  }
  const contested = countdown.pausedBy.includes("contest");
  return {
    paused: true,
    headline: t("APPLICATION_PAGE.COUNTDOWN.PAUSED", { left }),
    details: [
      ...countdown.pausedBy.map((pause) =>
        t(
          pause === "contest"
            ? `APPLICATION_PAGE.COUNTDOWN.BY_CONTEST_${side}`
            : "APPLICATION_PAGE.COUNTDOWN.BY_ARBITRATION",
        ),
      ),
      t(
        contested && role === "influencer"
          ? "APPLICATION_PAGE.COUNTDOWN.RESUME_INFLUENCER"
          : "APPLICATION_PAGE.COUNTDOWN.RESUME",
      ),
    ],
  };
}

/** What work done will do: a first delivery, or a new one after the contest (held while arbitration is open). */
export function workDoneIntroKey(countdown: ReleaseCountdown | null): ParseKeys {
  if (countdown?.state !== "paused" || !countdown.pausedBy.includes("contest")) return "WORK_DONE_MODAL.INTRO";
  return countdown.pausedBy.includes("arbitration") ? "WORK_DONE_MODAL.AGAIN_HELD" : "WORK_DONE_MODAL.AGAIN";
}
