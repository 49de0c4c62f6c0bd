import { z } from "zod";
import type { Clock } from "../../../clock";
import { appSecretProof, FACEBOOK_DIALOG, GRAPH_API, graphErrorOf } from "./graph";
import { apiGet, bearer, countOf, getJson, readAnswer, tokenRequest } from "./http";
import { type NetworkAccount, NetworkLinkFailure, type OAuthNetworkProvider, type OAuthTokens } from "./ports";

/**
 * Facebook through Facebook Login (no PKCE) and the Graph API (the version pinned in graph.ts): the accounts of a
 * login are the pages the user manages (GET /me/accounts with the user token, which also gives each page's own
 * Page access token), each then read with its Page token: followers are its likes (fan_count; followers_count when
 * Graph gives no likes, spec section 5: 2,000 page likes), reactions the likes, comments and shares of its last
 * posts. A Page token is needed: Graph "requires Page access tokens to manage Facebook Pages", listed with each
 * page by /me/accounts (https://developers.facebook.com/docs/pages/access-tokens, and the Pages API's Get Started,
 * https://developers.facebook.com/documentation/pages-api/getting-started), and pages on the New Pages Experience
 * answer a user token on their endpoints with Graph's error 190 "This method must be called with a Page Access
 * Token". Each page's account carries its Page token, which is what the page is stored with (sealed): got with
 * a long-lived user token it "has no expiration date" (same document), so the page is read again with it
 * (readAccount: GET /{page-id}) long after the user's 60-day token ran out. A page stored with its user's token
 * (before Page tokens were kept) is refused there with error 190, and read through /me/accounts instead, which
 * hands back its Page token to store.
 *
 * A user without a page gives an empty list (the service's no-fb-page); any Graph error is fb-broken. The
 * short-lived user token is traded at once for a long-lived one (60 days); Facebook has no refresh token, so when
 * it runs out the page is linked again. Every call carries the appsecret_proof of its own token, so a leaked
 * token is useless without the app secret.
 */

export { GRAPH_API } from "./graph";

const SCOPES = ["pages_show_list", "pages_read_engagement"];
/** Pages read per login: /me/accounts pages of 100, followed at most this many times. */
const MAX_PAGES_OF_ACCOUNTS = 5;
/** Recent posts whose reactions, comments and shares make the page's reactions. */
const RECENT_POSTS = 10;
const PAGE_FIELDS = `fan_count,followers_count,posts.limit(${RECENT_POSTS}){reactions.limit(0).summary(total_count),comments.limit(0).summary(total_count),shares}`;

export interface FacebookOptions {
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL + /auth/facebook/callback, as registered with the Facebook app. */
  redirectUri: string;
  clock: Clock;
}

const summaryCount = z.object({ summary: z.object({ total_count: z.number() }).optional() }).optional();

/** A page as /me/accounts lists it, with its Page access token. */
const managedPageSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  link: z.string().optional(),
  access_token: z.string().min(1).optional(),
});

const accountsSchema = z.object({
  data: z.array(managedPageSchema),
  paging: z.object({ next: z.string().optional() }).optional(),
});

/** A page's statistics as its Page token reads them (GET /{page-id}). */
const pageStatisticsSchema = z.object({
  fan_count: z.number().optional(),
  followers_count: z.number().optional(),
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

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });

/** A page read again with its Page token: its name and link with its statistics. */
const storedPageSchema = pageStatisticsSchema.extend(
  managedPageSchema.pick({ id: true, name: true, link: true }).shape,
);

type ManagedPage = z.infer<typeof managedPageSchema>;
type PageStatistics = z.infer<typeof pageStatisticsSchema>;

function accountOf(page: ManagedPage, statistics: PageStatistics | null): NetworkAccount {
  const reactions = statistics?.posts
    ? statistics.posts.data.reduce(
        (sum, post) =>
          sum +
          (post.reactions?.summary?.total_count ?? 0) +
          (post.comments?.summary?.total_count ?? 0) +
          (post.shares?.count ?? 0),
        0,
      )
    : null;
  const likes = countOf(statistics?.fan_count) ?? countOf(statistics?.followers_count);
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
    // Got with the long-lived user token, the Page token does not expire.
    ...(page.access_token ? { tokens: { accessToken: page.access_token, refreshToken: null, expiresAt: null } } : {}),
  };
}

export function facebookProvider(options: FacebookOptions): OAuthNetworkProvider {
  const proof = (accessToken: string) => appSecretProof(options.clientSecret, accessToken);
  const tokensOf = (answer: z.infer<typeof tokenSchema>): OAuthTokens => ({
    accessToken: answer.access_token,
    refreshToken: null,
    expiresAt:
      answer.expires_in === undefined ? null : new Date(options.clock.now().getTime() + answer.expires_in * 1000),
  });

  /**
   * The code traded for a short-lived user token at the dialog's own version, as Facebook Login's manual flow
   * documents (https://developers.facebook.com/documentation/facebook-login/guides/advanced/manual-flow,
   * "Exchanging Code for an Access Token"); sent as a form body, as arctic did, so the secret stays out of URLs.
   */
  async function shortLived(code: string): Promise<string> {
    const url = new URL(`${GRAPH_API}/oauth/access_token`);
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: options.redirectUri,
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }),
      });
    } catch {
      throw new NetworkLinkFailure("fb-broken", `${url.host}${url.pathname} unreachable`);
    }
    const body: unknown = await response.json().catch(() => null);
    const parsed = tokenSchema.safeParse(body);
    if (!response.ok || !parsed.success) {
      throw new NetworkLinkFailure("fb-broken", `${url.host}${url.pathname} answered ${response.status}`);
    }
    return parsed.data.access_token;
  }

  /** Facebook's documented exchange of a short-lived user token for a long-lived one. */
  async function longLived(token: string) {
    const url = new URL(`${GRAPH_API}/oauth/access_token`);
    url.searchParams.set("grant_type", "fb_exchange_token");
    url.searchParams.set("client_id", options.clientId);
    url.searchParams.set("client_secret", options.clientSecret);
    url.searchParams.set("fb_exchange_token", token);
    return tokensOf(await getJson(url, {}, tokenSchema, "fb-broken"));
  }

  /** The pages the user manages, each with its Page token, following Graph's paging. */
  async function managedPages(userToken: string): Promise<ManagedPage[]> {
    const first = new URL(`${GRAPH_API}/me/accounts`);
    first.searchParams.set("fields", "id,name,link,access_token");
    first.searchParams.set("limit", "100");
    const pages: ManagedPage[] = [];
    let next: URL | null = first;
    for (let read = 0; next && read < MAX_PAGES_OF_ACCOUNTS; read += 1) {
      next.searchParams.set("appsecret_proof", proof(userToken));
      const answer = await getJson(next, bearer(userToken), accountsSchema, "fb-broken");
      pages.push(...answer.data);
      next = nextPage(answer.paging?.next);
    }
    return pages;
  }

  /** A page's likes and recent posts, read with the page's own token and its own proof. */
  async function statisticsOf(page: ManagedPage): Promise<PageStatistics | null> {
    // Graph gives no token for a page the user holds no task on: nothing of it can be read.
    if (!page.access_token) return null;
    const url = new URL(`${GRAPH_API}/${encodeURIComponent(page.id)}`);
    url.searchParams.set("fields", PAGE_FIELDS);
    url.searchParams.set("appsecret_proof", proof(page.access_token));
    return getJson(url, bearer(page.access_token), pageStatisticsSchema, "fb-broken");
  }

  async function readAccounts(tokens: OAuthTokens): Promise<NetworkAccount[]> {
    const accounts: NetworkAccount[] = [];
    for (const page of await managedPages(tokens.accessToken)) {
      accounts.push(accountOf(page, await statisticsOf(page)));
    }
    return accounts;
  }

  return {
    type: "facebook",
    sandbox: false,
    authorizationUrl(state) {
      const url = new URL(FACEBOOK_DIALOG);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", options.clientId);
      url.searchParams.set("state", state);
      url.searchParams.set("scope", SCOPES.join(" "));
      url.searchParams.set("redirect_uri", options.redirectUri);
      return url;
    },
    exchangeCode(code) {
      return tokenRequest("fb-broken", "facebook code exchange", async () => longLived(await shortLived(code)));
    },
    async refreshTokens() {
      throw new NetworkLinkFailure("fb-broken", "facebook tokens have no refresh token: link the page again");
    },
    readAccounts,
    async readAccount(tokens, identifier) {
      const url = new URL(`${GRAPH_API}/${encodeURIComponent(identifier)}`);
      url.searchParams.set("fields", `id,name,link,${PAGE_FIELDS}`);
      url.searchParams.set("appsecret_proof", proof(tokens.accessToken));
      const answer = await apiGet(url, bearer(tokens.accessToken), "fb-broken");
      const error = answer.status >= 400 ? graphErrorOf(answer.body) : null;
      // "Object does not exist, cannot be loaded due to missing permissions": the page is gone from these tokens.
      if (error?.code === 100 && error.error_subcode === 33) return null;
      if (error?.code === 190) {
        // A user's token (or one Facebook invalidated): the pages the user manages, with their Page tokens.
        const accounts = await readAccounts(tokens);
        return accounts.find((account) => account.identifier === identifier) ?? null;
      }
      const page = readAnswer(answer, url, storedPageSchema, "fb-broken");
      // The stored Page token stays: the account carries none to replace it.
      return accountOf({ id: page.id, name: page.name, link: page.link }, page);
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
