import type { OwnNetwork, UNLINKABLE_NETWORKS } from "@market/contracts";
import { and, type Db, eq, networks, refreshInfluencerSearchColumns, users } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { ownNetwork } from "./own-networks";

/** addNetworkInput once parsed: the title already without spaces. */
interface Input {
  type: (typeof UNLINKABLE_NETWORKS)[number];
  title: string;
}

/**
 * POST /api/networks: an unlinkable network (snapchat, pinterest, tumblr, blog) by its name, which the input
 * schema trims and strips of spaces (spec section 5). It is never verified (nothing proves the account is the
 * influencer's), so it shows on the profile but is never priced in a proposal. A network of a type the influencer
 * already has is refused (conflict, on `type`): the spec's duplicate, to be removed first.
 */
export async function addNetwork(deps: { db: Db; clock: Clock }, userId: number, input: Input): Promise<OwnNetwork> {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    // One addition at a time per influencer, so a double click cannot add the type twice.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [held] = await tx
      .select({ id: networks.id })
      .from(networks)
      .where(and(eq(networks.userId, userId), eq(networks.type, input.type)));
    if (held) {
      fail("conflict", "You already have this network: remove it first.", [
        { path: ["type"], message: "You already have this network: remove it first." },
      ]);
    }
    const [row] = await tx
      .insert(networks)
      .values({
        userId,
        type: input.type,
        title: input.title,
        identifier: input.title.toLowerCase(),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: networks.id });
    await refreshInfluencerSearchColumns(tx, [userId]);
    return row?.id as number;
  });
  return (await ownNetwork(deps.db, userId, id)) as OwnNetwork;
}
