import type { NetworkLinkError } from "@market/contracts";

/**
 * The ports of network linking (spec sections 2, 5 and 8): an OAuth provider per linkable network (facebook,
 * twitter, youtube) and a profile reader for the bio-code network (instagram). Each has its real adapter (the
 * provider's OAuth and statistics APIs, chosen from the env module) and a built-in sandbox used when the provider
 * is not configured. The linking services (rules, conflicts, storage) depend on these interfaces only.
 */

export type OAuthNetworkType = "facebook" | "twitter" | "youtube";

/** One account as its provider describes it, with the statistics the product keeps (spec section 3, Network). */
export interface NetworkAccount {
  /** The provider's stable id of the account (a page id for facebook, a channel id for youtube). */
  identifier: string;
  /** What the product shows: the handle, channel or page name. */
  title: string;
  link: string | null;
  /** Followers, subscribers, or a Facebook page's likes. */
  followers: number;
  posts: number | null;
  /** Reactions (likes, comments, shares) over the recent posts the provider reports. */
  reactions: number | null;
  isPrivate: boolean;
  /** False when the provider withholds the statistics the product needs (error no-analytics). */
  hasAnalytics: boolean;
}

/** Tokens as the provider gives them; the services encrypt them before storing (never sent to the browser). */
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

export interface OAuthNetworkProvider {
  readonly type: OAuthNetworkType;
  /** Where to send the browser; the caller keeps state and the PKCE verifier (arctic's generateState/CodeVerifier). */
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Trades the callback's code for tokens; a refusal throws NetworkLinkFailure. */
  exchangeCode(code: string, codeVerifier: string): Promise<OAuthTokens>;
  /** New tokens from a refresh token, for providers whose access tokens expire. */
  refreshTokens(refreshToken: string): Promise<OAuthTokens>;
  /**
   * The accounts the tokens reach (facebook: the user's pages; twitter, youtube: one), with statistics. Throws
   * NetworkLinkFailure for what the provider's answer means (e.g. fb-broken); an empty list reads as `none`.
   */
  readAccounts(tokens: OAuthTokens): Promise<NetworkAccount[]>;
}

/** Reads a public profile of the bio-code network: its bio (where the code goes) and statistics. */
export interface BioProfileReader {
  /** null when no such account exists (error bad-username). */
  readProfile(username: string): Promise<{ bio: string; account: NetworkAccount } | null>;
}

/** What the services are given: one provider per linkable network and the bio reader. */
export interface NetworkProviders {
  oauth: Record<OAuthNetworkType, OAuthNetworkProvider>;
  instagram: BioProfileReader;
  /** True when every provider is the built-in sandbox (its consent page and bios page are served). */
  readonly sandbox: boolean;
}

/** A linking step failed with one of spec section 8's values; the callback redirects with it as `error`. */
export class NetworkLinkFailure extends Error {
  constructor(
    readonly error: NetworkLinkError,
    message?: string,
  ) {
    super(message ?? `network linking failed: ${error}`);
    this.name = "NetworkLinkFailure";
  }
}
