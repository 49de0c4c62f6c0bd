import {
  type NetworkAccount,
  NetworkLinkFailure,
  type NetworkProviders,
  type OAuthNetworkProvider,
  type OAuthNetworkType,
  type OAuthTokens,
} from "../services/networks/providers/ports";
import { createTokenCipher, DEV_NETWORK_TOKEN_KEY } from "../services/networks/token-cipher";

/**
 * Programmable network providers for the services' tests: what each authorization code reaches (accounts or a
 * failure) and each Instagram profile. Tokens are derived from the code ("access-{code}"), so a test can look for
 * them in the database. The real adapters and sandboxes are tested on their own (providers/).
 */
export interface FakeNetworkProviders extends NetworkProviders {
  /** A login on `type` whose code is `code`: it reaches these accounts, or fails reading them. */
  login(type: OAuthNetworkType, code: string, outcome: NetworkAccount[] | NetworkLinkFailure): void;
  /** Makes the code exchange itself fail. */
  refuseCode(type: OAuthNetworkType, code: string, failure: Error): void;
  /** Sets (or removes, with null) an Instagram profile. */
  profile(username: string, profile: { bio: string; account: NetworkAccount } | null): void;
  /** Every verifier a code was exchanged with, per code. */
  verifiers: Map<string, string>;
  /** Refresh tokens traded for new tokens. */
  refreshed: string[];
}

/** A valid account with the fields a test does not care about. */
export const account = (fields: Partial<NetworkAccount> & { identifier: string }): NetworkAccount => ({
  title: fields.identifier,
  link: null,
  followers: 10_000,
  posts: 100,
  reactions: 250,
  isPrivate: false,
  hasAnalytics: true,
  ...fields,
});

export function fakeNetworkProviders(
  options: { tokenLifetimeMs?: number; now?: () => Date } = {},
): FakeNetworkProviders {
  const logins = new Map<string, NetworkAccount[] | NetworkLinkFailure>();
  const refusals = new Map<string, Error>();
  const profiles = new Map<string, { bio: string; account: NetworkAccount }>();
  const verifiers = new Map<string, string>();
  const refreshed: string[] = [];
  const tokensOf = (key: string): OAuthTokens => ({
    accessToken: `access-${key}`,
    refreshToken: `refresh-${key}`,
    expiresAt:
      options.tokenLifetimeMs === undefined
        ? null
        : new Date((options.now?.() ?? new Date()).getTime() + options.tokenLifetimeMs),
  });

  const provider = (type: OAuthNetworkType): OAuthNetworkProvider => ({
    type,
    sandbox: false,
    authorizationUrl: (state, codeVerifier) =>
      new URL(`https://${type}.provider.test/authorize?state=${state}&challenge_of=${codeVerifier.length}`),
    async exchangeCode(code, codeVerifier) {
      const refusal = refusals.get(`${type}:${code}`);
      if (refusal) throw refusal;
      if (!logins.has(`${type}:${code}`)) throw new NetworkLinkFailure("unknown", "unknown code");
      verifiers.set(code, codeVerifier);
      return tokensOf(`${type}:${code}`);
    },
    async refreshTokens(refreshToken) {
      refreshed.push(refreshToken);
      return tokensOf(refreshToken.replace(/^refresh-/, ""));
    },
    async readAccounts(tokens) {
      const outcome = logins.get(tokens.accessToken.replace(/^access-/, ""));
      if (outcome === undefined) throw new Error("token revoked");
      if (outcome instanceof NetworkLinkFailure) throw outcome;
      return outcome.map((one) => ({ ...one }));
    },
  });

  return {
    oauth: { facebook: provider("facebook"), twitter: provider("twitter"), youtube: provider("youtube") },
    instagram: {
      sandbox: false,
      readProfile: async (username) => profiles.get(username) ?? null,
    },
    login: (type, code, outcome) => void logins.set(`${type}:${code}`, outcome),
    refuseCode: (type, code, failure) => void refusals.set(`${type}:${code}`, failure),
    profile: (username, value) => void (value ? profiles.set(username, value) : profiles.delete(username)),
    verifiers,
    refreshed,
  };
}

/** The real cipher with the development key, so tests can open what the services stored. */
export const testTokenCipher = createTokenCipher(DEV_NETWORK_TOKEN_KEY);
