import { DAY_MS } from "@market/contracts";
import { asc, inArray, lt, networks } from "@market/db";
import type { NetworkDeps, NetworkLog } from "./link-deps";
import { readStoredAccount } from "./read-statistics";
import { storedAccountColumns, storeReading } from "./refresh-network";

/** Statistics older than this are read again (NETWORK_STATISTICS_MAX_AGE_DAYS overrides it). */
export const NETWORK_STATISTICS_MAX_AGE_MS = 7 * DAY_MS;
/** Networks read per run: each is a call to a provider, so a run stays short and within their rate limits. */
export const NETWORK_STATISTICS_BATCH = 20;

export interface StatisticsSweepOptions {
  maxAgeMs?: number | undefined;
  batch?: number | undefined;
  log?: NetworkLog | undefined;
}

/**
 * Keeps linked networks' statistics fresh (issue 15, item 7): the networks read longest ago, and longer than
 * `maxAgeMs`, are read again through the same ports as the owner's refresh (read-statistics.ts) and stored the
 * same way (the rules, the search columns). At most `batch` per run. Safe on every instance at once: one statement
 * claims the batch (SKIP LOCKED, moving each reading time to now), so no two instances read the same network, and
 * a network whose reading fails waits a full age before the next try. Networks added by name are never read.
 * Resolves to the number of networks read.
 */
export async function sweepNetworkStatistics(
  deps: NetworkDeps,
  now: Date,
  { maxAgeMs = NETWORK_STATISTICS_MAX_AGE_MS, batch = NETWORK_STATISTICS_BATCH, log }: StatisticsSweepOptions = {},
): Promise<number> {
  const due = deps.db
    .select({ id: networks.id })
    .from(networks)
    .where(lt(networks.statisticsReadAt, new Date(now.getTime() - maxAgeMs)))
    .orderBy(asc(networks.statisticsReadAt))
    .limit(batch)
    .for("update", { skipLocked: true });
  const claimed = await deps.db
    .update(networks)
    .set({ statisticsReadAt: now })
    .where(inArray(networks.id, due))
    .returning(storedAccountColumns);
  for (const network of claimed) {
    const reading = await readStoredAccount(deps, network, log);
    await storeReading(deps, network, reading, now);
  }
  return claimed.length;
}
