import type { NetworkType } from "@market/contracts";
import { alias, and, type Db, eq, exists, inArray, ne, networks, notExists } from "@market/db";

/**
 * Conflicts (spec sections 2 and 4): an account is conflicting while another influencer holds the same account
 * (type and provider id), or while its owner holds several accounts of its type (a Facebook login with several
 * pages). The owner resolves it by choosing one (choose-network.ts); these keep the flags in step with the rows.
 */

const other = alias(networks, "other");

/** The same account held by another influencer (walks networks_type_identifier_idx). */
const heldByAnother = (db: Db) =>
  db
    .select({ id: other.id })
    .from(other)
    .where(
      and(eq(other.type, networks.type), eq(other.identifier, networks.identifier), ne(other.userId, networks.userId)),
    );

/** A new holder linked these accounts: every copy held by more than one influencer is conflicting. */
export async function markSharedAccounts(db: Db, type: NetworkType, identifiers: string[], now: Date) {
  if (identifiers.length === 0) return;
  await db
    .update(networks)
    .set({ isConflicting: true, updatedAt: now })
    .where(and(eq(networks.type, type), inArray(networks.identifier, identifiers), exists(heldByAnother(db))));
}

/** The influencers holding these accounts, the given user excepted. */
export async function otherHolders(db: Db, userId: number, type: NetworkType, identifiers: string[]) {
  if (identifiers.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: networks.userId })
    .from(networks)
    .where(and(eq(networks.type, type), inArray(networks.identifier, identifiers), ne(networks.userId, userId)));
  return rows.map((row) => row.userId);
}

/**
 * After a removal or a choice: the conflicting accounts of `type` of these influencers whose reason is gone (no
 * other holder, no other account of the type) are no longer conflicting. Never sets a flag.
 */
export async function settleConflicts(db: Db, type: NetworkType, userIds: number[], now: Date) {
  if (userIds.length === 0) return;
  const sibling = alias(networks, "sibling");
  await db
    .update(networks)
    .set({ isConflicting: false, updatedAt: now })
    .where(
      and(
        eq(networks.type, type),
        inArray(networks.userId, userIds),
        eq(networks.isConflicting, true),
        notExists(heldByAnother(db)),
        notExists(
          db
            .select({ id: sibling.id })
            .from(sibling)
            .where(
              and(eq(sibling.userId, networks.userId), eq(sibling.type, networks.type), ne(sibling.id, networks.id)),
            ),
        ),
      ),
    );
}
