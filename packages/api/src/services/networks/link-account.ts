import type { NetworkType } from "@market/contracts";
import { and, type Db, eq, networks, recordNetworkSnapshot, refreshInfluencerSearchColumns, users } from "@market/db";
import type { Clock } from "../../clock";
import { markSharedAccounts, otherHolders } from "./conflicts";
import { type NetworkAccount, NetworkLinkFailure, type OAuthTokens } from "./providers/ports";
import { nothingToLink, refusalOf } from "./rules";
import { measuredColumns } from "./statistics";
import type { TokenCipher } from "./token-cipher";

/** The token columns of a network: sealed by the token cipher, never the tokens themselves. */
export function sealedTokenColumns(cipher: TokenCipher, tokens: OAuthTokens) {
  return {
    accessToken: cipher.encryptToken(tokens.accessToken),
    refreshToken: tokens.refreshToken === null ? null : cipher.encryptToken(tokens.refreshToken),
    tokenExpiresAt: tokens.expiresAt,
  };
}

/**
 * Links the accounts a provider answered for an influencer, the one place where the linking rules apply (spec
 * sections 5 and 8), for the OAuth callbacks and the Instagram bio code alike:
 * - nothing answered: `none` (`no-fb-page` for Facebook); every account refused: the first one's refusal
 *   (private, no-analytics, followers, fb-page-followers); refused accounts among accepted ones are skipped;
 * - the influencer already holds an account of this type: the same account again is refreshed (statistics,
 *   tokens, verified again); another one is `duplicate` (remove the held one first);
 * - otherwise every accepted account is stored verified; several at once (Facebook pages) are conflicting until
 *   the influencer chooses one, and an account another influencer holds makes both copies conflicting.
 * Tokens are stored sealed: an account's own (a Facebook Page token) or else the login's. The influencer's row is locked so two callbacks at once cannot both add a type.
 * Throws NetworkLinkFailure; nothing is written then. Resolves to the ids of the linked networks.
 */
export async function linkAccounts(
  deps: { db: Db; clock: Clock; tokenCipher: TokenCipher },
  userId: number,
  type: NetworkType,
  accounts: readonly NetworkAccount[],
  tokens: OAuthTokens | null,
): Promise<number[]> {
  if (accounts.length === 0) throw new NetworkLinkFailure(nothingToLink(type));
  const refusals = accounts.map((account) => refusalOf(type, account));
  const accepted = accounts.filter((_, index) => refusals[index] === null);
  const firstRefusal = refusals.find((refusal) => refusal !== null);
  if (accepted.length === 0 && firstRefusal) throw new NetworkLinkFailure(firstRefusal);

  const loginSealed = tokens ? sealedTokenColumns(deps.tokenCipher, tokens) : {};
  // An account with tokens of its own (a Facebook page's Page token) keeps those rather than the login's.
  const sealedFor = (account: NetworkAccount) =>
    account.tokens ? sealedTokenColumns(deps.tokenCipher, account.tokens) : loginSealed;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const held = await tx
      .select({ id: networks.id, identifier: networks.identifier })
      .from(networks)
      .where(and(eq(networks.userId, userId), eq(networks.type, type)));

    let ids: number[];
    let sharedWith: number[] = [];
    if (held.length > 0) {
      const heldIds = new Map(held.map((network) => [network.identifier, network.id]));
      const again = accepted.filter((account) => heldIds.has(account.identifier));
      if (again.length === 0) throw new NetworkLinkFailure("duplicate");
      ids = [];
      for (const account of again) {
        const id = heldIds.get(account.identifier) as number;
        const measured = await measuredColumns(tx, account, now);
        await tx
          .update(networks)
          .set({ ...measured, ...sealedFor(account), isVerified: true, problem: null })
          .where(eq(networks.id, id));
        await recordNetworkSnapshot(tx, id, measured, now);
        ids.push(id);
      }
    } else {
      const rows = [];
      for (const account of accepted) {
        rows.push({
          userId,
          type,
          identifier: account.identifier,
          ...(await measuredColumns(tx, account, now)),
          ...sealedFor(account),
          isVerified: true,
          isConflicting: accepted.length > 1,
          createdAt: now,
        });
      }
      const inserted = await tx.insert(networks).values(rows).returning({ id: networks.id });
      ids = inserted.map((row) => row.id);
      // The first snapshot of each account's history (rows and inserted are in the same order).
      for (const [index, row] of rows.entries()) {
        await recordNetworkSnapshot(tx, ids[index] as number, row, now);
      }
      const identifiers = accepted.map((account) => account.identifier);
      await markSharedAccounts(tx, type, identifiers, now);
      // A shared account now conflicts for its other holders too: it leaves their search columns.
      sharedWith = await otherHolders(tx, userId, type, identifiers);
    }
    await refreshInfluencerSearchColumns(tx, [userId, ...sharedWith]);
    return ids;
  });
}
