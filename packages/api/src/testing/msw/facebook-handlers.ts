import { createHmac } from "node:crypto";
import { type HttpHandler, HttpResponse, http } from "msw";
import { bearerOf, ConsentDesk, issue } from "./oauth-fake";

/**
 * A fake of Facebook Login and the Graph API calls the Facebook adapter makes, for msw (one handlers file per
 * provider): the dialog (ConsentDesk), the code exchange (POST /{version}/oauth/access_token, single-use codes),
 * the long-lived token exchange (GET /{version}/oauth/access_token?grant_type=fb_exchange_token) and the pages a
 * user manages (GET /{version}/me/accounts, with field expansion of the recent posts, cursor paging and
 * appsecret_proof checked). Errors have Graph's shape: `{error: {message, type, code, error_subcode, fbtrace_id}}`.
 */

export const FACEBOOK_TEST_APP = {
  clientId: "1234567890123456",
  clientSecret: "fb-test-app-secret-0123456789abcdef",
  redirectUri: "https://market.test/auth/facebook/callback",
} as const;

export interface FacebookTestPage {
  id: string;
  name: string;
  fan_count?: number;
  /** Reactions, comments and shares of each recent post. */
  posts?: { reactions: number; comments: number; shares?: number }[];
}

export interface FacebookTestUser {
  pages: FacebookTestPage[];
  /** Graph refuses to read this user's pages (e.g. a permission removed): code 10. */
  graphError?: boolean;
}

const DIALOG = "https://www.facebook.com/v16.0/dialog/oauth";
const GRAPH = "https://graph.facebook.com";

export const graphError = (message: string, code: number, type = "OAuthException", subcode?: number) =>
  HttpResponse.json(
    {
      error: {
        message,
        type,
        code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        fbtrace_id: "AbCdEfGhIjKlMnO",
      },
    },
    { status: 400 },
  );

export function fakeFacebook(app: { clientId: string; clientSecret: string } = FACEBOOK_TEST_APP) {
  const desk = new ConsentDesk<FacebookTestUser>({
    authorizeUrl: DIALOG,
    clientId: app.clientId,
    scopes: ["pages_show_list", "pages_read_engagement"],
  });
  const shortLived = new Map<string, FacebookTestUser>();
  const longLived = new Map<string, FacebookTestUser>();
  /** Every request the Graph API got, for tests that check what the adapter sent. */
  const requests: URL[] = [];

  const proofOf = (token: string) => createHmac("sha256", app.clientSecret).update(token).digest("hex");

  const handlers: HttpHandler[] = [
    http.post(`${GRAPH}/:version/oauth/access_token`, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      if (form.get("client_id") !== app.clientId || form.get("client_secret") !== app.clientSecret) {
        return graphError("Error validating client secret.", 1, "OAuthException", 463);
      }
      const grant = desk.redeem(form.get("code") ?? "", app.clientId, form.get("redirect_uri"), null);
      if (form.get("grant_type") !== "authorization_code" || !grant) {
        return graphError("This authorization code has been used.", 100, "OAuthException", 36009);
      }
      const token = issue("EAAshort");
      shortLived.set(token, grant.user);
      return HttpResponse.json({ access_token: token, token_type: "bearer", expires_in: 5_183_944 });
    }),

    http.get(`${GRAPH}/:version/oauth/access_token`, ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      if (
        url.searchParams.get("client_id") !== app.clientId ||
        url.searchParams.get("client_secret") !== app.clientSecret
      ) {
        return graphError("Error validating client secret.", 1);
      }
      const user = shortLived.get(url.searchParams.get("fb_exchange_token") ?? "");
      if (url.searchParams.get("grant_type") !== "fb_exchange_token" || !user) {
        return graphError("Invalid OAuth access token - Cannot parse access token", 190);
      }
      const token = issue("EAAlong");
      longLived.set(token, user);
      return HttpResponse.json({ access_token: token, token_type: "bearer", expires_in: 5_184_000 });
    }),

    http.get(`${GRAPH}/:version/me/accounts`, ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const token = bearerOf(request) ?? url.searchParams.get("access_token") ?? "";
      const user = longLived.get(token) ?? shortLived.get(token);
      if (!user) return graphError("Invalid OAuth access token data.", 190);
      if (url.searchParams.get("appsecret_proof") !== proofOf(token)) {
        return graphError("Invalid appsecret_proof provided in the API argument", 100, "GraphMethodException");
      }
      if (user.graphError) return graphError("(#10) Application does not have permission for this action", 10);
      const limit = Number(url.searchParams.get("limit") ?? 25);
      const from = Number(url.searchParams.get("after") ?? 0);
      const slice = user.pages.slice(from, from + limit);
      const fields = url.searchParams.get("fields") ?? "";
      const data = slice.map((page) => ({
        id: page.id,
        name: page.name,
        access_token: issue("EAApage"),
        category: "Personal blog",
        link: `https://www.facebook.com/${page.id}`,
        ...(page.fan_count === undefined || !fields.includes("fan_count") ? {} : { fan_count: page.fan_count }),
        ...(page.posts && fields.includes("posts.")
          ? {
              posts: {
                data: page.posts.map((post, index) => ({
                  id: `${page.id}_${index + 1}`,
                  reactions: { data: [], summary: { total_count: post.reactions, viewer_reaction: "NONE" } },
                  comments: { data: [], summary: { order: "ranked", total_count: post.comments, can_comment: true } },
                  ...(post.shares === undefined ? {} : { shares: { count: post.shares } }),
                })),
              },
            }
          : {}),
      }));
      const hasMore = from + limit < user.pages.length;
      const next = new URL(url);
      next.searchParams.set("after", String(from + limit));
      return HttpResponse.json({
        data,
        paging: {
          cursors: { before: String(from), after: String(from + limit) },
          ...(hasMore ? { next: next.href } : {}),
        },
      });
    }),
  ];

  return {
    handlers,
    requests,
    /** The user consents on the dialog: the callback URL, with a code for `user`. */
    consent: (authorizationUrl: URL, user: FacebookTestUser) => desk.consent(authorizationUrl, user),
    deny: (authorizationUrl: URL) => desk.deny(authorizationUrl),
    /** Facebook invalidates a token (password change, app removed). */
    revoke(token: string) {
      longLived.delete(token);
      shortLived.delete(token);
    },
  };
}
