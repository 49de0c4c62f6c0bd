import { type ApplicationCard, TIME_LEFT_BADGE_MS } from "@market/contracts";
import { remainingTime } from "../../lib/deal-format";

export type TimeLeft = { unit: "days" | "hours" | "minutes"; count: number };

/**
 * The card's time-left badge (spec sections 2 and 9): a WAITING proposal with less than TIME_LEFT_BADGE_MS (3 days)
 * before it expires shows how long the brand still has to accept it, in its largest whole unit; null otherwise
 * (not waiting, plenty of time, or already past: the server then reads it as DENIED, expired).
 */
export function timeLeftBadge(card: Pick<ApplicationCard, "status" | "timeBeforeExpiration">): TimeLeft | null {
  const left = card.timeBeforeExpiration;
  if (card.status !== "WAITING" || left === null || left >= TIME_LEFT_BADGE_MS) return null;
  const remaining = remainingTime(left);
  return remaining.unit === "closed" ? null : { unit: remaining.unit, count: remaining.count };
}
