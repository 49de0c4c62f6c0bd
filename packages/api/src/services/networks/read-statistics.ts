import { linkMethodOf, type NetworkLinkError, type NetworkType } from "@market/contracts";
import type { NetworkDeps, NetworkLog } from "./link-deps";
import { type NetworkAccount, NetworkLinkFailure, type OAuthNetworkType, type OAuthTokens } from "./providers/ports";

/** A stored network as a refresh needs it: its account and its sealed tokens. */
export interface StoredAccount {
  id: number;
  type: NetworkType;
  identifier: string;
  accessToken: string | null;
  refreshToken: string | null;
  tokenExpiresAt: Date | null;
}

export type Reading =
  | { ok: true; account: NetworkAccount; tokens: OAuthTokens | null }
  | { ok: false; failure: NetworkLinkError };

/**
 * Reads a linked network's account again through its port (the owner's refresh and the statistics sweep):
 * an OAuth account with its stored tokens (renewed first when expired; the new ones come back to be stored, as do
 * the account's own tokens a provider hands back), through the provider's readAccount when it has one, an
 * Instagram-type account by its username (the identifier it was verified with). A failure comes back as a linking
 * error value: the provider's own (NetworkLinkFailure), `none` when the account is no longer among those the
 * tokens reach, `unknown` for anything else (logged without the tokens).
 */
export async function readStoredAccount(
  deps: Pick<NetworkDeps, "clock" | "networkProviders" | "tokenCipher">,
  network: StoredAccount,
  log?: NetworkLog,
): Promise<Reading> {
  try {
    if (linkMethodOf(network.type) === "bio-code") {
      const profile = await deps.networkProviders.instagram.readProfile(network.identifier);
      if (!profile) return { ok: false, failure: "bad-username" };
      return { ok: true, account: { ...profile.account, identifier: network.identifier }, tokens: null };
    }
    const provider = deps.networkProviders.oauth[network.type as OAuthNetworkType];
    if (!network.accessToken) return { ok: false, failure: "unknown" };
    let tokens: OAuthTokens = {
      accessToken: deps.tokenCipher.decryptToken(network.accessToken),
      refreshToken: network.refreshToken ? deps.tokenCipher.decryptToken(network.refreshToken) : null,
      expiresAt: network.tokenExpiresAt,
    };
    let renewed = false;
    if (tokens.expiresAt && tokens.expiresAt <= deps.clock.now() && tokens.refreshToken) {
      tokens = await provider.refreshTokens(tokens.refreshToken);
      renewed = true;
    }
    const account = provider.readAccount
      ? await provider.readAccount(tokens, network.identifier)
      : (await provider.readAccounts(tokens)).find((candidate) => candidate.identifier === network.identifier);
    if (!account) return { ok: false, failure: "none" };
    // Tokens of the account's own (a Page token handed back for a page stored with its user's) replace the stored.
    return { ok: true, account, tokens: account.tokens ?? (renewed ? tokens : null) };
  } catch (error) {
    if (error instanceof NetworkLinkFailure) return { ok: false, failure: error.error };
    log?.warn(
      { networkId: network.id, type: network.type, error: error instanceof Error ? error.name : "unknown" },
      "network statistics could not be read",
    );
    return { ok: false, failure: "unknown" };
  }
}
