import {
  type BioProfileReader,
  NetworkLinkFailure,
  type OAuthNetworkProvider,
  type OAuthNetworkType,
  oauthCallbackPath,
} from "./ports";

/**
 * A network production offers no way to link: not configured, and the sandbox not enabled (NETWORK_SANDBOX), since
 * sample accounts with made-up audiences have no place on a real marketplace. The authorization URL goes straight
 * back to the callback with OAuth's own `temporarily_unavailable` error, so the linking flow ends on the networks
 * tab with an error like any refusal; every other step fails with `unknown`.
 */
export function unavailableOAuthProvider(type: OAuthNetworkType): OAuthNetworkProvider {
  const fail = async (): Promise<never> => {
    throw new NetworkLinkFailure("unknown", `${type} linking is not configured`);
  };
  return {
    type,
    sandbox: false,
    authorizationUrl(state, _codeVerifier, origin) {
      const url = new URL(oauthCallbackPath(type), origin);
      url.searchParams.set("error", "temporarily_unavailable");
      url.searchParams.set("state", state);
      return url;
    },
    exchangeCode: fail,
    refreshTokens: fail,
    readAccounts: fail,
  };
}

export const unavailableBioReader: BioProfileReader = {
  sandbox: false,
  async readProfile() {
    throw new NetworkLinkFailure("unknown", "instagram reading is not configured");
  },
};
