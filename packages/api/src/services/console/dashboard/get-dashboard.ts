import { DAY_MS, type DashboardInput, type DashboardView, type QueueCounts } from "@market/contracts";
import type { Db } from "@market/db";
import type { Clock } from "../../../clock";
import { type Period, platformFigures } from "./figures";
import { queueCounts } from "./queue-counts";

/** The period asked: from/to as given, else the last `days` (30 by default) up to now. */
export function periodOf(input: DashboardInput, now: Date): Period {
  if (input.from && input.to) return { from: input.from, to: input.to };
  return { from: new Date(now.getTime() - (input.days ?? 30) * DAY_MS), to: now };
}

/** The console's home (issue 36, point 1): each queue's count and the platform's figures over the period. */
export async function getDashboard(deps: { db: Db; clock: Clock }, input: DashboardInput): Promise<DashboardView> {
  const now = deps.clock.now();
  const period = periodOf(input, now);
  const [queues, figures] = await Promise.all([queueCounts(deps, now), platformFigures(deps, period)]);
  return { queues, figures: { period: { from: period.from.toISOString(), to: period.to.toISOString() }, ...figures } };
}

/** GET /admin/api/queues: the counts alone. */
export function getQueueCounts(deps: { db: Db; clock: Clock }): Promise<QueueCounts> {
  return queueCounts(deps, deps.clock.now());
}
