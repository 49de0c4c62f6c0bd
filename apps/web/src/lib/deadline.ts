import { DEADLINE_WARNING_MS, DEFAULT_EXPIRY_MONTHS } from "@market/contracts";

/**
 * The day rules of a campaign's deadline (spec sections 5 and 9): a deadline is a day, ending at 23:59 local
 * time; the default is about two months ahead; past days cannot be chosen; under 4 days left shows a warning.
 * `now` is always passed in, so the rules are testable with a fixed clock.
 * Shared by the campaign wizard and the proposal modal, whose expiration follows the same day rules (spec
 * section 9: "default deadline and proposal expiry").
 */

/** The given day at 23:59:00.000, local time. */
export function endOfDay(day: Date): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 0, 0);
}

/** About DEFAULT_EXPIRY_MONTHS months after now, at 23:59; a day missing in that month falls to its last day. */
export function defaultDeadline(now: Date): Date {
  const year = now.getFullYear();
  const month = now.getMonth() + DEFAULT_EXPIRY_MONTHS;
  const lastDay = new Date(year, month + 1, 0).getDate();
  return endOfDay(new Date(year, month, Math.min(now.getDate(), lastDay)));
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The `yyyy-mm-dd` value of a date input for a local day. */
export function toDateInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date input's `yyyy-mm-dd` value as that day at 23:59 local time; null when empty or not a real day. */
export function deadlineFromInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(year, month, day, 23, 59, 0, 0);
  if (date.getFullYear() !== year || date.getMonth() !== month || date.getDate() !== day) return null;
  return date;
}

/** The first day that may be chosen: today while its 23:59 is still ahead, else tomorrow. */
export function firstSelectableDay(now: Date): Date {
  const today = endOfDay(now);
  if (today.getTime() > now.getTime()) return today;
  return endOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
}

/** Whether the deadline is still ahead (a past or current instant cannot be a deadline). */
export const isDeadlineAhead = (deadline: Date, now: Date): boolean => deadline.getTime() > now.getTime();

/** The warning shows while the deadline is ahead but less than DEADLINE_WARNING_MS (4 days) away. */
export function showsDeadlineWarning(deadline: Date, now: Date): boolean {
  const left = deadline.getTime() - now.getTime();
  return left > 0 && left < DEADLINE_WARNING_MS;
}
