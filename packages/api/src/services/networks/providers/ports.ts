import type { NetworkLinkError } from "@market/contracts";
import type { PostVerifiers } from "../../deliveries/verifiers/ports";

/**
 * The ports of network linking (spec sections 2, 5 and 8): an OAuth provider per linkable network (facebook,
 * twitter, youtube) and a profile reader for the bio-code network (instagram). Each has its real adapter (the
 * provider's OAuth and statistics APIs, chosen from the env module) and a built-in sandbox used when the provider
 * is not configured. The linking services (rules, conflicts, storage) depend on these interfaces only.
 */

export type OAuthNetworkType = "facebook" | "twitter" | "youtube";

/**
 * Where each provider sends the browser back with `code` and `state` (or `error`, e.g. access_denied when the
 * user cancels). Real adapters register `PUBLIC_URL` + this path with the provider; the sandbox's consent page
 * redirects to it on the site the browser is on.
 */
export const oauthCallbackPath = (type: OAuthNetworkType) => `/auth/${type}/callback`;

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
  /**
   * The account's own tokens, stored for it (sealed) instead of the login's: a Facebook page's Page token, which
   * outlives the user's. Never shown, never logged.
   */
  tokens?: OAuthTokens;
}

/** Tokens as the provider gives them; the services encrypt them before storing (never sent to the browser). */
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

export interface OAuthNetworkProvider {
  readonly type: OAuthNetworkType;
  /** True for the built-in sandbox, whose consent page the server serves (GET /auth/sandbox/{type}). */
  readonly sandbox: boolean;
  /**
   * Where to send the browser; the caller keeps state and the PKCE verifier (arctic's generateState/CodeVerifier).
   * `origin` is the site the browser is on (the context's origin): the sandbox's consent page is served there, so
   * the session cookie follows; real adapters ignore it and use their redirect URI built from PUBLIC_URL.
   */
  authorizationUrl(state: string, codeVerifier: string, origin: string): URL;
  /** Trades the callback's code for tokens; a refusal throws NetworkLinkFailure. */
  exchangeCode(code: string, codeVerifier: string): Promise<OAuthTokens>;
  /** New tokens from a refresh token, for providers whose access tokens expire. */
  refreshTokens(refreshToken: string): Promise<OAuthTokens>;
  /**
   * The accounts the tokens reach (facebook: the user's pages; twitter, youtube: one), with statistics. Throws
   * NetworkLinkFailure for what the provider's answer means (e.g. fb-broken); an empty list reads as `none`.
   */
  readAccounts(tokens: OAuthTokens): Promise<NetworkAccount[]>;
  /**
   * Reads one linked account again with the tokens stored for it (Facebook: its Page token); null when they no
   * longer reach it. Without it, the account is looked for among readAccounts'.
   */
  readAccount?(tokens: OAuthTokens, identifier: string): Promise<NetworkAccount | null>;
}

/** Reads a public profile of the bio-code network: its bio (where the code goes) and statistics. */
export interface BioProfileReader {
  /** True for the built-in sandbox, whose bios page the server serves (GET /auth/sandbox/instagram). */
  readonly sandbox: boolean;
  /** null when no such account exists (error bad-username). */
  readProfile(username: string): Promise<{ bio: string; account: NetworkAccount } | null>;
  /**
   * The state of the marketplace's own token the reader uses (the real reader only; a sandbox has none). Never
   * throws: a check that cannot run says so.
   */
  checkToken?(): Promise<TokenCheck>;
}

/**
 * What a token check found: a token that works and does not run out soon (`expiresAt` null: never), one that no
 * longer works or runs out soon, or a check that could not run (the provider unreachable, no app credentials).
 */
export type TokenCheck =
  | { state: "ok"; expiresAt: Date | null }
  | { state: "expiring"; expiresAt: Date }
  | { state: "invalid"; reason: string }
  | { state: "unchecked"; reason: string };

/** What the services are given: one provider per linkable network and the bio reader. */
export interface NetworkProviders {
  oauth: Record<OAuthNetworkType, OAuthNetworkProvider>;
  instagram: BioProfileReader;
  /**
   * The delivery check's verifiers (issue 37: services/deliveries/verifiers); absent, every network answers
   * unverifiable ("not configured").
   */
  posts?: PostVerifiers;
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
