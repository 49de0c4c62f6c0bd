import { createHash, randomBytes } from "node:crypto";

/**
 * What the fakes of the OAuth providers (facebook-, twitter-, google-handlers.ts) share: the consent a user gives
 * on the provider's page, turned into a single-use authorization code bound to the client, the redirect URI and
 * the PKCE challenge of the authorization URL, as RFC 6749 and 7636 describe; and the tokens issued for it.
 */

export const issue = (prefix: string) => `${prefix}-${randomBytes(12).toString("base64url")}`;

export const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

export interface Grant<User> {
  user: User;
  clientId: string;
  redirectUri: string;
  /** The S256 challenge of the authorization URL, when it had one. */
  challenge: string | null;
  used: boolean;
}

/** The client's id and secret from HTTP Basic credentials, as arctic sends them for a confidential client. */
export function basicCredentials(request: Request): { id: string; secret: string } | null {
  const header = request.headers.get("authorization") ?? "";
  if (!header.startsWith("Basic ")) return null;
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export const bearerOf = (request: Request) => {
  const header = request.headers.get("authorization") ?? "";
  return header.startsWith("Bearer ") ? header.slice(7) : null;
};

/**
 * The provider's consent page, for a test: checks the authorization URL the adapter built (its client id and
 * redirect URI, and the scopes it asks for) and answers the callback URL the browser is sent to, with a fresh code
 * for `user` and the URL's state. `deny` answers the callback of a user who cancels (error=access_denied).
 */
export class ConsentDesk<User> {
  readonly grants = new Map<string, Grant<User>>();

  constructor(private readonly expected: { authorizeUrl: string; clientId: string; scopes: readonly string[] }) {}

  consent(authorizationUrl: URL, user: User): URL {
    const redirectUri = this.check(authorizationUrl);
    const code = issue("code");
    this.grants.set(code, {
      user,
      clientId: this.expected.clientId,
      redirectUri,
      challenge: authorizationUrl.searchParams.get("code_challenge"),
      used: false,
    });
    const callback = new URL(redirectUri);
    callback.searchParams.set("code", code);
    callback.searchParams.set("state", authorizationUrl.searchParams.get("state") ?? "");
    return callback;
  }

  deny(authorizationUrl: URL): URL {
    const callback = new URL(this.check(authorizationUrl));
    callback.searchParams.set("error", "access_denied");
    callback.searchParams.set("state", authorizationUrl.searchParams.get("state") ?? "");
    return callback;
  }

  private check(url: URL): string {
    const { authorizeUrl, clientId, scopes } = this.expected;
    if (`${url.origin}${url.pathname}` !== authorizeUrl) throw new Error(`not the authorization endpoint: ${url.href}`);
    if (url.searchParams.get("client_id") !== clientId) throw new Error("the authorization URL has another client id");
    const asked = (url.searchParams.get("scope") ?? "").split(" ").filter(Boolean);
    if (scopes.some((scope) => !asked.includes(scope)))
      throw new Error(`the authorization URL asks ${asked.join(" ")}`);
    const redirectUri = url.searchParams.get("redirect_uri");
    if (!redirectUri || !url.searchParams.get("state"))
      throw new Error("the authorization URL has no redirect or state");
    return redirectUri;
  }

  /**
   * Redeems a code once: null when it is unknown, used, or issued to another client, redirect URI or verifier
   * (a replayed code or a stolen one), as the token endpoint must refuse.
   */
  redeem(code: string, clientId: string, redirectUri: string | null, verifier: string | null): Grant<User> | null {
    const grant = this.grants.get(code);
    if (!grant || grant.used || grant.clientId !== clientId || grant.redirectUri !== redirectUri) return null;
    if (grant.challenge !== null && (verifier === null || s256(verifier) !== grant.challenge)) return null;
    grant.used = true;
    return grant;
  }
}

/** What a provider answers at its token endpoint, in its own shapes. */
export interface TokenAnswers<User> {
  /** The client's credentials are missing or wrong. */
  badClient(): Response;
  /** The tokens for a code redeemed for `user`. */
  tokens(user: User): Response;
  /** A code unknown, used, or issued to another client, redirect URI or verifier. */
  badCode(): Response;
  /** A refresh_token grant: new tokens (rotating the refresh token or not) or the refusal of an unknown one. */
  refresh(refreshToken: string): Response;
  /** Any other grant_type. */
  badGrant(): Response;
}

/**
 * The token endpoint of a confidential client with PKCE (RFC 6749 sections 4.1.3 and 6, RFC 7636), as X and Google
 * run it: the client's HTTP Basic credentials first, then a code redeemed once at the desk, or a refresh token.
 * An msw resolver; what it answers is the provider's (`answers`).
 */
export function pkceTokenEndpoint<User>(
  desk: ConsentDesk<User>,
  app: { clientId: string; clientSecret: string },
  answers: TokenAnswers<User>,
) {
  return async ({ request }: { request: Request }): Promise<Response> => {
    const client = basicCredentials(request);
    if (client?.id !== app.clientId || client.secret !== app.clientSecret) return answers.badClient();
    const form = new URLSearchParams(await request.text());
    switch (form.get("grant_type")) {
      case "authorization_code": {
        const code = form.get("code") ?? "";
        const grant = desk.redeem(code, app.clientId, form.get("redirect_uri"), form.get("code_verifier"));
        return grant ? answers.tokens(grant.user) : answers.badCode();
      }
      case "refresh_token":
        return answers.refresh(form.get("refresh_token") ?? "");
      default:
        return answers.badGrant();
    }
  };
}
