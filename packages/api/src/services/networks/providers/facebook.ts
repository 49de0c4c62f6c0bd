import { createHmac } from "node:crypto";
import { Facebook } from "arctic";
import { z } from "zod";
import type { Clock } from "../../../clock";
import { bearer, countOf, getJson, tokenRequest } from "./http";
import { type NetworkAccount, NetworkLinkFailure, type OAuthNetworkProvider } from "./ports";

/**
 * Facebook through arctic's Facebook client (Facebook Login, no PKCE) and the Graph API: the accounts of a login
 * are the pages the user manages (GET /me/accounts), each page's followers its likes (fan_count, spec section 5:
 * 2,000 page likes), its reactions the likes, comments and shares of its last posts. A user without a page gives
 * an empty list (the service's no-fb-page); any Graph error is fb-broken. The short-lived user token is traded
 * at once for a long-lived one (60 days); Facebook has no refresh token, so when it runs out the page is linked
 * again. Every call carries appsecret_proof, so a leaked token is useless without the app secret.
 */

export const GRAPH_API = "https://graph.facebook.com/v21.0";
const SCOPES = ["pages_show_list", "pages_read_engagement"];
/** Pages read per login: /me/accounts pages of 100, followed at most this many times. */
const MAX_PAGES_OF_ACCOUNTS = 5;
/** Recent posts whose reactions, comments and shares make the page's reactions. */
const RECENT_POSTS = 10;

export interface FacebookOptions {
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL + /auth/facebook/callback, as registered with the Facebook app. */
  redirectUri: string;
  clock: Clock;
}

const summaryCount = z.object({ summary: z.object({ total_count: z.number() }).optional() }).optional();

const pageSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  link: z.string().optional(),
  fan_count: z.number().optional(),
  posts: z
    .object({
      data: z.array(
        z.object({
          reactions: summaryCount,
          comments: summaryCount,
          shares: z.object({ count: z.number() }).optional(),
        }),
      ),
    })
    .optional(),
});

const accountsSchema = z.object({
  data: z.array(pageSchema),
  paging: z.object({ next: z.string().optional() }).optional(),
});

const longLivedSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });

type Page = z.infer<typeof pageSchema>;

function accountOf(page: Page): NetworkAccount {
  const reactions = page.posts
    ? page.posts.data.reduce(
        (sum, post) =>
          sum +
          (post.reactions?.summary?.total_count ?? 0) +
          (post.comments?.summary?.total_count ?? 0) +
          (post.shares?.count ?? 0),
        0,
      )
    : null;
  const likes = countOf(page.fan_count);
  return {
    identifier: page.id,
    title: page.name,
    link: page.link ?? `https://www.facebook.com/${page.id}`,
    followers: likes ?? 0,
    // The Graph API gives no count of a page's posts.
    posts: null,
    reactions,
    isPrivate: false,
    hasAnalytics: likes !== null,
  };
}

export function facebookProvider(options: FacebookOptions): OAuthNetworkProvider {
  const client = new Facebook(options.clientId, options.clientSecret, options.redirectUri);
  const proof = (accessToken: string) => createHmac("sha256", options.clientSecret).update(accessToken).digest("hex");

  /** Facebook's documented exchange of a short-lived user token for a long-lived one. */
  async function longLived(shortLived: string) {
    const url = new URL(`${GRAPH_API}/oauth/access_token`);
    url.searchParams.set("grant_type", "fb_exchange_token");
    url.searchParams.set("client_id", options.clientId);
    url.searchParams.set("client_secret", options.clientSecret);
    url.searchParams.set("fb_exchange_token", shortLived);
    const answer = await getJson(url, {}, longLivedSchema, "fb-broken");
    return {
      accessToken: answer.access_token,
      refreshToken: null,
      expiresAt:
        answer.expires_in === undefined ? null : new Date(options.clock.now().getTime() + answer.expires_in * 1000),
    };
  }

  return {
    type: "facebook",
    sandbox: false,
    authorizationUrl(state) {
      return client.createAuthorizationURL(state, SCOPES);
    },
    exchangeCode(code) {
      return tokenRequest("fb-broken", "facebook code exchange", async () => {
        const tokens = await client.validateAuthorizationCode(code);
        return longLived(tokens.accessToken());
      });
    },
    async refreshTokens() {
      throw new NetworkLinkFailure("fb-broken", "facebook tokens have no refresh token: link the page again");
    },
    async readAccounts(tokens) {
      const first = new URL(`${GRAPH_API}/me/accounts`);
      first.searchParams.set(
        "fields",
        `id,name,link,fan_count,posts.limit(${RECENT_POSTS}){reactions.limit(0).summary(total_count),comments.limit(0).summary(total_count),shares}`,
      );
      first.searchParams.set("limit", "100");
      const pages: Page[] = [];
      let next: URL | null = first;
      for (let read = 0; next && read < MAX_PAGES_OF_ACCOUNTS; read += 1) {
        next.searchParams.set("appsecret_proof", proof(tokens.accessToken));
        const answer = await getJson(next, bearer(tokens.accessToken), accountsSchema, "fb-broken");
        pages.push(...answer.data);
        next = nextPage(answer.paging?.next);
      }
      return pages.map(accountOf);
    },
  };
}

/** The paging link Graph gives, followed only to Graph itself (never a host a forged answer names). */
function nextPage(link: string | undefined): URL | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    // The token travels in the header, not in the link Graph wrote.
    url.searchParams.delete("access_token");
    return url.origin === new URL(GRAPH_API).origin ? url : null;
  } catch {
    return null;
  }
}
