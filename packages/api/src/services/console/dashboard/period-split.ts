import { DAY_MS } from "@market/contracts";

/** A period of the figures: from (inclusive) to (exclusive). */
export interface Period {
  from: Date;
  to: Date;
}

/** A period cut for the summary: its whole UTC days (dates, `to` exclusive), and the partial days at its ends. */
export interface SplitPeriod {
  days: { from: string; to: string } | null;
  edges: Period[];
}

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The whole UTC days inside the period are read from the per-day summary; what lies before the first midnight and
 * after the last (less than a day at each end) is read from the lines. A period without two midnights in it (less
 * than a day or two) is all edge.
 */
export function splitPeriod(period: Period): SplitPeriod {
  const from = period.from.getTime();
  const to = period.to.getTime();
  const firstMidnight = Math.ceil(from / DAY_MS) * DAY_MS;
  const lastMidnight = Math.floor(to / DAY_MS) * DAY_MS;
  if (firstMidnight >= lastMidnight) return { days: null, edges: from < to ? [period] : [] };
  const edges: Period[] = [];
  if (from < firstMidnight) edges.push({ from: period.from, to: new Date(firstMidnight) });
  if (lastMidnight < to) edges.push({ from: new Date(lastMidnight), to: period.to });
  return { days: { from: dayText(firstMidnight), to: dayText(lastMidnight) }, edges };
}
