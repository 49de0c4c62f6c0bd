import { createHmac } from "node:crypto";
import { type HttpHandler, HttpResponse, http } from "msw";
import { bearerOf, ConsentDesk, issue } from "./oauth-fake";

/**
 * A fake of Facebook Login and the Graph API calls the Facebook adapter makes, for msw (one handlers file per
 * provider): the dialog (ConsentDesk), the code exchange (POST /{version}/oauth/access_token, single-use codes),
 * the long-lived token exchange (GET /{version}/oauth/access_token?grant_type=fb_exchange_token), the pages a user
 * manages with each one's Page access token (GET /{version}/me/accounts, cursor paging) and a page's likes and
 * recent posts (GET /{version}/{page-id} with field expansion), appsecret_proof checked on every Graph call.
 *
 * Checked against Meta's documents (Graph API v26.0): the error object `{error: {message, type, code,
 * error_subcode, fbtrace_id}}` (https://developers.facebook.com/docs/graph-api/guides/error-handling; 190 is an
 * invalid or wrong kind of token, 10 a missing permission); Page access tokens listed by /me/accounts and required
 * on page endpoints (https://developers.facebook.com/docs/pages/access-tokens,
 * https://developers.facebook.com/documentation/pages-api/getting-started); New Pages Experience pages refuse a
 * user token on their posts with `(#190) This method must be called with a Page Access Token`, type
 * OAuthException, code 190, no subcode (the body Graph sends, as reported in halsandr/Facebook_Connector#1 and
 * fixed for in keboola/ex-facebook-graph-api#108); appsecret_proof per token
 * (https://developers.facebook.com/docs/graph-api/securing-requests); the code and long-lived exchanges
 * (https://developers.facebook.com/documentation/facebook-login/guides/advanced/manual-flow,
 * https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived).
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
  /** Followers, which Graph gives beside the likes. */
  followers_count?: number;
  /** Reactions, comments and shares of each recent post. */
  posts?: { reactions: number; comments: number; shares?: number }[];
  /** A classic page (not on the New Pages Experience) still lets a user token read it; New Pages Experience is the default. */
  classic?: boolean;
}

/** The Graph version this fake stands for (Graph serves every live version alike for these calls). */
export const FACEBOOK_FAKE_VERSION = "v26.0";

export interface FacebookTestUser {
  pages: FacebookTestPage[];
  /** Graph refuses to read this user's pages (e.g. a permission removed): code 10. */
  graphError?: boolean;
}

const DIALOG = `https://www.facebook.com/${FACEBOOK_FAKE_VERSION}/dialog/oauth`;
const GRAPH = "https://graph.facebook.com";

export const graphError = (message: string, code: number, type = "OAuthException", subcode?: number, status = 400) =>
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
    { status },
  );

/** Graph's refusal of a user token on a New Pages Experience page's endpoints. */
const pageTokenRequired = () => graphError("(#190) This method must be called with a Page Access Token", 190);

/** The page fields the `fields` parameter asks for, as Graph writes them (summaries of reactions and comments). */
function pageFields(page: FacebookTestPage, fields: string) {
  return {
    ...(page.fan_count === undefined || !fields.includes("fan_count") ? {} : { fan_count: page.fan_count }),
    ...(page.followers_count === undefined || !fields.includes("followers_count")
      ? {}
      : { followers_count: page.followers_count }),
    ...(page.posts && fields.includes("posts.")
      ? {
          posts: {
            data: page.posts.map((post, index) => ({
              id: `${page.id}_${index + 1}`,
              reactions: { data: [], summary: { total_count: post.reactions, viewer_reaction: "NONE" } },
              comments: { data: [], summary: { order: "ranked", total_count: post.comments, can_comment: true } },
              ...(post.shares === undefined ? {} : { shares: { count: post.shares } }),
            })),
            paging: { cursors: { before: "QVFIUmRk", after: "QVFIUkxx" } },
          },
        }
      : {}),
  };
}

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
  /** Page tokens issued, each for one page of one user (one per user token and page, as Graph answers). */
  const pageTokens = new Map<string, { user: FacebookTestUser; page: FacebookTestPage }>();
  const issuedPageTokens = new Map<string, string>();
  /** Every page of a user who consented: the pages this fake holds (any other id is another fake's object). */
  const pageIds = new Set<string>();
  const pageTokenOf = (userToken: string, user: FacebookTestUser, page: FacebookTestPage) => {
    const key = `${userToken}:${page.id}`;
    let token = issuedPageTokens.get(key);
    if (!token) {
      token = issue("EAApage");
      issuedPageTokens.set(key, token);
      pageTokens.set(token, { user, page });
    }
    return token;
  };

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
      for (const page of grant.user.pages) pageIds.add(page.id);
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
      // Page fields expanded here are read with the user's token: a New Pages Experience page refuses it.
      if (/fan_count|followers_count|posts/.test(fields) && slice.some((page) => !page.classic)) {
        return pageTokenRequired();
      }
      const data = slice.map((page) => ({
        id: page.id,
        name: page.name,
        access_token: pageTokenOf(token, user, page),
        category: "Personal blog",
        category_list: [{ id: "2700", name: "Personal blog" }],
        tasks: ["ANALYZE", "ADVERTISE", "MODERATE", "CREATE_CONTENT", "MANAGE"],
        link: `https://www.facebook.com/${page.id}`,
        ...pageFields(page, fields),
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

    http.get(`${GRAPH}/:version/:pageId`, ({ request, params }) => {
      const url = new URL(request.url);
      const token = bearerOf(request) ?? url.searchParams.get("access_token") ?? "";
      const holder = pageTokens.get(token);
      const user = longLived.get(token) ?? shortLived.get(token);
      // Neither a token nor a page of this fake (the Instagram fake's account): left to the fake that holds it.
      if (!holder && !user && !pageIds.has(String(params.pageId))) return undefined;
      requests.push(url);
      if (!holder && !user) return graphError("Invalid OAuth access token data.", 190);
      if (url.searchParams.get("appsecret_proof") !== proofOf(token)) {
        return graphError("Invalid appsecret_proof provided in the API argument", 100, "GraphMethodException");
      }
      const page = holder?.page ?? user?.pages.find((candidate) => candidate.id === params.pageId);
      if (!page || page.id !== params.pageId) {
        return graphError(
          `Unsupported get request. Object with ID '${String(params.pageId)}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          100,
          "GraphMethodException",
          33,
        );
      }
      if (!holder && !page.classic) return pageTokenRequired();
      if (holder?.user.graphError) return graphError("(#10) Application does not have permission for this action", 10);
      const fields = url.searchParams.get("fields") ?? "";
      return HttpResponse.json({
        id: page.id,
        ...(fields.includes("name") ? { name: page.name } : {}),
        ...(/(^|,)link(,|$)/.test(fields) ? { link: `https://www.facebook.com/${page.id}` } : {}),
        ...pageFields(page, fields),
      });
    }),
  ];

  return {
    handlers,
    requests,
    /** The user consents on the dialog: the callback URL, with a code for `user`. */
    consent: (authorizationUrl: URL, user: FacebookTestUser) => desk.consent(authorizationUrl, user),
    deny: (authorizationUrl: URL) => desk.deny(authorizationUrl),
    /**
     * The user's token runs out (60 days): the Page tokens it gave live on, as Page tokens got with a long-lived
     * user token have no expiration date (developers.facebook.com/docs/pages/access-tokens).
     */
    expireUserToken(token: string) {
      longLived.delete(token);
      shortLived.delete(token);
    },
    /** Facebook invalidates a token (password change, app removed), and the Page tokens it gave. */
    revoke(token: string) {
      longLived.delete(token);
      shortLived.delete(token);
      for (const [key, pageToken] of issuedPageTokens) {
        if (key.startsWith(`${token}:`)) pageTokens.delete(pageToken);
      }
    },
  };
}

/** A post, video, reel or photo on a page, as the delivery check reads it. */
export interface FacebookTestPost {
  /** The page it is on: a post's Graph id is `{pageId}_{id}`; a video's or a photo's is `id` alone. */
  pageId: string;
  id: string;
  kind: "post" | "video" | "photo";
  /** Who published it: the page itself, or a visitor who posted on the page. */
  fromId: string;
  /** Graph's time, e.g. "2026-03-02T09:00:00+0000". */
  createdTime: string;
  reactions: number;
  comments: number;
}

/**
 * A fake of the Graph reads the Facebook post check makes (GET /{version}/{page-id}_{post-id} and /{video-or-photo-id}
 * with `fields`), each page reading with its own Page token and appsecret_proof. As Graph documents it
 * (https://developers.facebook.com/docs/graph-api/reference/post, /pagepost, /video), a Page token reads what is
 * posted by or on its page; an object of another page, or none, is error 100 subcode 33 ("Unsupported get request.
 * Object with ID ... does not exist, cannot be loaded due to missing permissions, or does not support this
 * operation"); an expired token is 190 subcode 463; a page's rate limit is code 32
 * (https://developers.facebook.com/docs/graph-api/overview/rate-limiting); an outage is code 2 with 503.
 */
export function fakeFacebookPosts(
  pages: readonly { pageId: string; token: string }[],
  posts: readonly FacebookTestPost[],
  app: { clientSecret: string } = FACEBOOK_TEST_APP,
) {
  const state = { rateLimited: false, down: false, expiredTokens: new Set<string>() };
  const requests: URL[] = [];
  const proofOf = (token: string) => createHmac("sha256", app.clientSecret).update(token).digest("hex");
  const unknown = (id: string) =>
    graphError(
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      100,
      "GraphMethodException",
      33,
    );
  const handlers: HttpHandler[] = [
    http.get(`${GRAPH}/:version/:objectId`, ({ request, params }) => {
      const url = new URL(request.url);
      requests.push(url);
      if (state.down) return graphError("(#2) Service temporarily unavailable", 2, "OAuthException", undefined, 503);
      const token = bearerOf(request) ?? "";
      const page = pages.find((candidate) => candidate.token === token);
      if (!page) return graphError("Invalid OAuth access token - Cannot parse access token", 190);
      if (state.expiredTokens.has(token)) {
        return graphError(
          "Error validating access token: Session has expired on Monday, 02-Mar-26.",
          190,
          "OAuthException",
          463,
        );
      }
      if (url.searchParams.get("appsecret_proof") !== proofOf(token)) {
        return graphError("Invalid appsecret_proof provided in the API argument", 100, "GraphMethodException");
      }
      if (state.rateLimited) return graphError("(#32) Page request limit reached", 32);
      const id = String(params.objectId);
      const post = posts.find((candidate) =>
        candidate.kind === "post" ? `${candidate.pageId}_${candidate.id}` === id : candidate.id === id,
      );
      if (!post || post.pageId !== page.pageId) return unknown(id);
      const fields = new Set((url.searchParams.get("fields") ?? "").split(","));
      const picture = `https://scontent.xx.fbcdn.net/v/t39.30808-6/${post.id}_n.jpg`;
      return HttpResponse.json({
        id,
        created_time: post.createdTime,
        from: { name: post.fromId === post.pageId ? "The page" : "A visitor", id: post.fromId },
        ...(fields.has("permalink_url")
          ? { permalink_url: `https://www.facebook.com/${post.pageId}/posts/${post.id}` }
          : {}),
        ...(fields.has("full_picture") ? { full_picture: picture } : {}),
        ...(fields.has("picture") ? { picture } : {}),
        reactions: { data: [], summary: { total_count: post.reactions, viewer_reaction: "NONE" } },
        comments: { data: [], summary: { order: "ranked", total_count: post.comments, can_comment: true } },
      });
    }),
  ];
  return { handlers, state, requests };
}
