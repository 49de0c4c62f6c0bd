import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { DAY_MS, HOUR_MS } from "@market/contracts";
import { sandboxToken } from "@market/db";
import type { Clock } from "../../../../clock";
import {
  type NetworkAccount,
  NetworkLinkFailure,
  type OAuthNetworkProvider,
  type OAuthNetworkType,
  type OAuthTokens,
  oauthCallbackPath,
} from "../ports";
import { SANDBOX_OAUTH_SAMPLES, type SandboxSample } from "./catalogue";

/**
 * The built-in OAuth provider used when a network is not configured (spec sections 2 and 5: a fresh machine
 * links end to end). Its authorization URL is the consent page the server serves at /auth/sandbox/{type}, where
 * the user picks a sample account; the page redirects to the callback with a code naming the sample and the PKCE
 * challenge, which the exchange checks against the verifier as a real provider would. Tokens name the sample too,
 * so reading the accounts needs no state: every instance answers alike.
 */
export interface SandboxOAuthProvider extends OAuthNetworkProvider {
  readonly sandbox: true;
  readonly samples: readonly SandboxSample[];
}

export const sandboxConsentPath = (type: OAuthNetworkType) => `/auth/sandbox/${type}`;

/** The authorization code the consent page hands to the callback for a picked sample. */
export const sandboxAuthorizationCode = (sampleId: string, codeChallenge: string) => `${sampleId}.${codeChallenge}`;

/** Like the providers': Twitter and Google access tokens last hours, Facebook's long-lived user token 60 days. */
const LIFETIME_MS: Record<OAuthNetworkType, number> = { facebook: 60 * DAY_MS, twitter: 2 * HOUR_MS, youtube: HOUR_MS };

/** RFC 7636's S256 challenge of a verifier, as arctic sends it to the real providers. */
const s256 = (codeVerifier: string) => createHash("sha256").update(codeVerifier).digest("base64url");

const refused = (message: string) => new NetworkLinkFailure("unknown", `sandbox: ${message}`);

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

export function sandboxOAuthProvider(type: OAuthNetworkType, clock: Clock): SandboxOAuthProvider {
  const samples = SANDBOX_OAUTH_SAMPLES[type];
  const sampleOf = (id: string | undefined) => samples.find((sample) => sample.id === id) ?? null;

  const issue = (sample: SandboxSample): OAuthTokens => {
    const nonce = randomBytes(12).toString("base64url");
    return {
      accessToken: sandboxToken("access", type, sample.id, nonce),
      // Facebook gives no refresh token: its long-lived token is linked again when it runs out.
      refreshToken: type === "facebook" ? null : sandboxToken("refresh", type, sample.id, nonce),
      expiresAt: new Date(clock.now().getTime() + LIFETIME_MS[type]),
    };
  };

  /** The sample a token of this provider names, or null for any other string. */
  const sampleOfToken = (token: string, kind: "access" | "refresh") => {
    const [prefix, tokenType, sampleId] = token.split(".");
    return prefix === `sandbox-${kind}` && tokenType === type ? sampleOf(sampleId) : null;
  };

  return {
    type,
    sandbox: true,
    samples,
    authorizationUrl(state, codeVerifier, origin) {
      const url = new URL(sandboxConsentPath(type), origin);
      url.searchParams.set("state", state);
      url.searchParams.set("code_challenge", s256(codeVerifier));
      url.searchParams.set("code_challenge_method", "S256");
      // Shown for the likeness with a real provider; the page only ever redirects to the callback of its site.
      url.searchParams.set("redirect_uri", new URL(oauthCallbackPath(type), origin).href);
      return url;
    },
    async exchangeCode(code, codeVerifier) {
      const dot = code.indexOf(".");
      const sample = dot > 0 ? sampleOf(code.slice(0, dot)) : null;
      // The hidden demo sample is never linked again through the consent page: it stays the demo's own.
      if (!sample || sample.hidden) throw refused("the code names no sample account");
      if (!sameText(code.slice(dot + 1), s256(codeVerifier))) {
        throw refused("the code verifier does not match the code challenge");
      }
      return issue(sample);
    },
    async refreshTokens(refreshToken) {
      const sample = sampleOfToken(refreshToken, "refresh");
      if (!sample) throw refused("not a refresh token of this sandbox");
      return issue(sample);
    },
    async readAccounts(tokens: OAuthTokens): Promise<NetworkAccount[]> {
      const sample = sampleOfToken(tokens.accessToken, "access");
      if (!sample) throw refused("not an access token of this sandbox");
      if (sample.failure) throw new NetworkLinkFailure(sample.failure, `sandbox: the sample ${sample.id} fails`);
      return sample.accounts.map((account) => ({ ...account }));
    },
  };
}
