import {
  type Clock,
  createTokenCipher,
  DEV_NETWORK_TOKEN_KEY,
  facebookPostVerifier,
  facebookProvider,
  instagramPostVerifier,
  instagramReader,
  type NetworkProviders,
  type OAuthNetworkProvider,
  type OAuthNetworkType,
  oauthCallbackPath,
  type PostVerifiers,
  parseTokenKey,
  sandboxBioReader,
  sandboxOAuthProvider,
  sandboxPostVerifiers,
  type TokenCipher,
  twitterPostVerifier,
  twitterProvider,
  unavailableBioReader,
  unavailableOAuthProvider,
  unconfiguredPostVerifiers,
  youtubePostVerifier,
  youtubeProvider,
} from "@market/api";
import type { Db } from "@market/db";
import type { Env } from "./env";

/** How each network links on this server, said once at start (never a secret). */
export type ProviderKind = "real" | "sandbox" | "unavailable";

/**
 * The network providers main.ts passes to the services. A network whose app is configured gets its real adapter,
 * redirecting to PUBLIC_URL + /auth/{network}/callback (loadEnv made sure PUBLIC_URL is there). Any other network
 * gets the built-in sandbox outside production, so a fresh machine links end to end; in production only with
 * NETWORKS_SANDBOX_IN_PRODUCTION=1, its sample accounts having made-up audiences, else it is unavailable (the link
 * ends on the networks tab with the error unknown). Sandbox pages exist only for sandbox providers.
 */
export function networkProvidersFrom(
  env: Env,
  deps: { db: Db; clock: Clock },
): { providers: NetworkProviders; kinds: Record<OAuthNetworkType | "instagram", ProviderKind> } {
  const sandboxAllowed = env.NODE_ENV !== "production" || env.NETWORKS_SANDBOX_IN_PRODUCTION === "1";
  const redirectUri = (type: OAuthNetworkType) => `${env.PUBLIC_URL}${oauthCallbackPath(type)}`;
  const { clock } = deps;

  const oauth = (
    type: OAuthNetworkType,
    clientId: string | undefined,
    clientSecret: string | undefined,
    real: (app: { clientId: string; clientSecret: string; redirectUri: string }) => OAuthNetworkProvider,
  ): [OAuthNetworkProvider, ProviderKind] => {
    if (clientId && clientSecret && env.PUBLIC_URL) {
      return [real({ clientId, clientSecret, redirectUri: redirectUri(type) }), "real"];
    }
    return sandboxAllowed
      ? [sandboxOAuthProvider(type, clock), "sandbox"]
      : [unavailableOAuthProvider(type), "unavailable"];
  };

  const [facebook, facebookKind] = oauth("facebook", env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET, (app) =>
    facebookProvider({ ...app, clock }),
  );
  const [twitter, twitterKind] = oauth("twitter", env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET, (app) =>
    twitterProvider({ ...app, clock }),
  );
  const [youtube, youtubeKind] = oauth("youtube", env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, (app) =>
    youtubeProvider({ ...app, clock }),
  );

  const { INSTAGRAM_BUSINESS_ACCOUNT_ID: businessAccountId, INSTAGRAM_ACCESS_TOKEN: accessToken } = env;
  const [instagram, instagramKind]: [NetworkProviders["instagram"], ProviderKind] =
    businessAccountId && accessToken
      ? [
          instagramReader({
            businessAccountId,
            accessToken,
            appId: env.FACEBOOK_CLIENT_ID,
            appSecret: env.FACEBOOK_CLIENT_SECRET,
            clock,
          }),
          "real",
        ]
      : sandboxAllowed
        ? [sandboxBioReader(deps.db), "sandbox"]
        : [unavailableBioReader, "unavailable"];

  // The delivery check (issue 37): the sandbox's catalogue where allowed, with the real APIs over it where
  // configured: YouTube's videos.list (API key), X's post lookup (app Bearer token), Instagram's business discovery
  // (the marketplace's account, as the bio check reads it) and Facebook's Graph with each page's own Page token
  // (the Facebook app's secret for its proof). A network linked through the sandbox keeps the sandbox's posts.
  const fallback: PostVerifiers = sandboxAllowed ? sandboxPostVerifiers(clock) : unconfiguredPostVerifiers();
  const posts: PostVerifiers = {
    ...fallback,
    ...(env.YOUTUBE_API_KEY ? { youtube: youtubePostVerifier({ apiKey: env.YOUTUBE_API_KEY }) } : {}),
    ...(env.TWITTER_BEARER_TOKEN ? { twitter: twitterPostVerifier({ bearerToken: env.TWITTER_BEARER_TOKEN }) } : {}),
    ...(instagramKind === "real" && businessAccountId && accessToken
      ? {
          instagram: instagramPostVerifier({
            businessAccountId,
            accessToken,
            appSecret: env.FACEBOOK_CLIENT_SECRET,
          }),
        }
      : {}),
    ...(facebookKind === "real" && env.FACEBOOK_CLIENT_SECRET
      ? { facebook: facebookPostVerifier({ appSecret: env.FACEBOOK_CLIENT_SECRET }) }
      : {}),
  };

  return {
    providers: { oauth: { facebook, twitter, youtube }, instagram, posts },
    kinds: { facebook: facebookKind, twitter: twitterKind, youtube: youtubeKind, instagram: instagramKind },
  };
}

/** The token cipher of NETWORK_TOKEN_KEY (and the keys it replaced); the development key without one. */
export function tokenCipherFrom(env: Pick<Env, "NETWORK_TOKEN_KEY" | "NETWORK_TOKEN_PREVIOUS_KEYS">): TokenCipher {
  const keyOf = (text: string) => {
    const key = parseTokenKey(text);
    // loadEnv checked every key already; this is for a caller that built the Env by hand.
    if (!key) throw new Error("NETWORK_TOKEN_KEY: not a 32-byte key");
    return key;
  };
  const current = env.NETWORK_TOKEN_KEY ? keyOf(env.NETWORK_TOKEN_KEY) : DEV_NETWORK_TOKEN_KEY;
  const previous = env.NETWORK_TOKEN_PREVIOUS_KEYS?.split(",").map(keyOf) ?? [];
  return createTokenCipher(current, previous);
}
