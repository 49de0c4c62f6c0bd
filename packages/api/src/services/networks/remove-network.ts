import type { NetworksView, NetworkType, RemovedNetwork } from "@market/contracts";
import { and, type Db, eq, inArray, ne, networks, refreshInfluencerSearchColumns } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { otherHolders, settleConflicts } from "./conflicts";

/**
 * Deletes networks of one influencer and of one type, then settles the conflicts they were part of (the other
 * holders of the same accounts, the influencer's remaining accounts of the type) and the search columns. The
 * proposals that priced them keep their figures: application_prices keeps reach and price, its network_id is set
 * null by the foreign key.
 */
async function deleteNetworks(db: Db, userId: number, type: NetworkType, ids: number[], now: Date) {
  const removed = await db
    .delete(networks)
    .where(and(eq(networks.userId, userId), inArray(networks.id, ids)))
    .returning({ identifier: networks.identifier });
  const holders = await otherHolders(
    db,
    userId,
    type,
    removed.map((row) => row.identifier),
  );
  await settleConflicts(db, type, [userId, ...holders], now);
  // A settled conflict makes the other holders' copies count in search again.
  await refreshInfluencerSearchColumns(db, [userId, ...holders]);
}

/** POST /api/networks/remove: one of the influencer's networks (not_found for anyone else's). */
export async function removeNetwork(
  deps: { db: Db; clock: Clock },
  userId: number,
  id: number,
): Promise<RemovedNetwork> {
  await deps.db.transaction(async (tx) => {
    const [network] = await tx
      .select({ type: networks.type })
      .from(networks)
      .where(and(eq(networks.id, id), eq(networks.userId, userId)))
      .for("update");
    if (!network) fail("not_found");
    await deleteNetworks(tx, userId, network.type, [id], deps.clock.now());
  });
  return { id };
}

/**
 * POST /api/networks/choose (the conflict choice modal): network `id` of `type` stays the influencer's account of
 * that type; their other accounts of the type are removed and the kept one is no longer conflicting, even when
 * another influencer holds the same account too (each holder proved control when linking; each chooses for
 * themselves). not_found when `id` is not the influencer's network of `type`.
 */
export async function chooseNetwork(
  deps: { db: Db; clock: Clock },
  userId: number,
  input: { id: number; type: NetworkType },
  view: () => Promise<NetworksView>,
): Promise<NetworksView> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [kept] = await tx
      .select({ id: networks.id })
      .from(networks)
      .where(and(eq(networks.id, input.id), eq(networks.userId, userId), eq(networks.type, input.type)))
      .for("update");
    if (!kept) fail("not_found");
    const others = await tx
      .select({ id: networks.id })
      .from(networks)
      .where(and(eq(networks.userId, userId), eq(networks.type, input.type), ne(networks.id, input.id)))
      .for("update");
    if (others.length > 0) {
      await deleteNetworks(
        tx,
        userId,
        input.type,
        others.map((row) => row.id),
        now,
      );
    }
    await tx.update(networks).set({ isConflicting: false, updatedAt: now }).where(eq(networks.id, input.id));
    // The kept account now counts in search.
    await refreshInfluencerSearchColumns(tx, [userId]);
  });
  return view();
}
