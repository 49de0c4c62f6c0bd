import { linkMethodOf, type OwnNetwork } from "@market/contracts";
import { and, type Db, eq, networks, recordNetworkSnapshot, refreshInfluencerSearchColumns } from "@market/db";
import { fail } from "../../errors";
import { sealedTokenColumns } from "./link-account";
import type { NetworkDeps, NetworkLog } from "./link-deps";
import { ownNetwork } from "./own-networks";
import { type Reading, readStoredAccount, type StoredAccount } from "./read-statistics";
import { refusalOf } from "./rules";
import { measuredColumns } from "./statistics";
import { throttleNetworkCalls } from "./throttle";

/** The columns of a stored network a refresh reads. */
export const storedAccountColumns = {
  id: networks.id,
  userId: networks.userId,
  type: networks.type,
  identifier: networks.identifier,
  accessToken: networks.accessToken,
  refreshToken: networks.refreshToken,
  tokenExpiresAt: networks.tokenExpiresAt,
};

/**
 * Writes what a reading found. Fresh statistics are stored; an account that no longer meets the linking rules
 * (now private, 2,000 followers or fewer, analytics withdrawn) is no longer verified, with the rule as its problem,
 * and is verified again once it meets them. A failed reading keeps the last statistics and the verification
 * (a provider being down says nothing of the account) and records the problem. Either way the reading time moves,
 * so the sweep does not take the same network again at once. A fresh reading is also the day's statistics snapshot
 * (the history the audience-quality score is computed from).
 */
export async function storeReading(
  deps: Pick<NetworkDeps, "db" | "tokenCipher">,
  network: StoredAccount & { userId: number },
  reading: Reading,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!reading.ok) {
      await tx
        .update(networks)
        .set({ problem: reading.failure, statisticsReadAt: now, updatedAt: now })
        .where(eq(networks.id, network.id));
      return;
    }
    const refusal = refusalOf(network.type, reading.account);
    const measured = await measuredColumns(tx, reading.account, now);
    await tx
      .update(networks)
      .set({
        ...measured,
        ...(reading.tokens ? sealedTokenColumns(deps.tokenCipher, reading.tokens) : {}),
        isVerified: refusal === null,
        problem: refusal,
      })
      .where(eq(networks.id, network.id));
    // The day's snapshot and the score it gives, before the search columns roll the score up.
    await recordNetworkSnapshot(tx, network.id, measured, now);
    await refreshInfluencerSearchColumns(tx, [network.userId]);
  });
}

async function storedNetwork(db: Db, userId: number, id: number) {
  const [row] = await db
    .select(storedAccountColumns)
    .from(networks)
    .where(and(eq(networks.id, id), eq(networks.userId, userId)));
  return row ?? null;
}

/**
 * POST /api/networks/refresh (the refresh modal) and /auth/instagram/refresh: the influencer's network read again
 * through its provider. A network added by name has nothing to read: invalid. The answer is the network as stored
 * afterwards; `problem` says what the reading found wrong, if anything.
 */
export async function refreshNetwork(
  deps: NetworkDeps,
  userId: number,
  id: number,
  log?: NetworkLog,
): Promise<OwnNetwork> {
  await throttleNetworkCalls(deps, userId);
  const network = await storedNetwork(deps.db, userId, id);
  if (!network) fail("not_found");
  if (linkMethodOf(network.type) === "name") {
    fail("invalid", "A network added by name has no statistics to read.");
  }
  const reading = await readStoredAccount(deps, network, log);
  await storeReading(deps, network, reading, deps.clock.now());
  // Removed meanwhile (another tab): nothing to show.
  return (await ownNetwork(deps.db, userId, id)) ?? fail("not_found");
}
