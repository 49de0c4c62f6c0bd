import { z } from "zod";
import { type Clock, systemClock } from "../../../clock";
import { appSecretProof, GRAPH_API } from "./graph";
import { apiGet, bearer, countOf, readAnswer } from "./http";
import { checkGraphToken } from "./instagram-token";
import type { BioProfileReader } from "./ports";

/**
 * Instagram read through the Instagram Graph API's business discovery, the documented way to read another
 * account's public profile: GET /{our-ig-user-id}?fields=business_discovery.username(NAME){...} with the token of
 * the marketplace's own Instagram professional account (INSTAGRAM_BUSINESS_ACCOUNT_ID, INSTAGRAM_ACCESS_TOKEN). It
 * gives the bio (where the code goes), followers, media count and the likes and comments of recent media.
 *
 * What it cannot do: it sees professional (business or creator) accounts only. A personal or private account
 * reads like a missing one (Graph error 110, subcode 2207013), so it comes back as null: the influencer gets
 * bad-username and must switch the account to professional, which Instagram does for free. Such accounts are
 * public by definition, so isPrivate is always false here. The undocumented public web profile JSON would see
 * personal accounts too, but it has no contract, is rate limited per IP and is against Instagram's terms.
 */

export interface InstagramOptions {
  /** The IG user id of the marketplace's own professional account, on which discovery queries are made. */
  businessAccountId: string;
  /**
   * A token of that account (instagram_basic, pages_read_engagement): a system user's non-expiring token, as
   * instagram-token.ts explains; checkToken tells when it stops working or runs out.
   */
  accessToken: string;
  /** The Facebook app's id: with its secret, the app token debug_token is asked with. */
  appId?: string | undefined;
  /** The Facebook app's secret, for appsecret_proof (required by apps that enforce it). */
  appSecret?: string | undefined;
  /** The clock a token's expiry is read against; the system's by default. */
  clock?: Clock | undefined;
}

/** Instagram's rule for usernames; anything else is a typo, and never reaches the fields expression. */
const USERNAME = /^[A-Za-z0-9._]{1,30}$/;
const RECENT_MEDIA = 10;
/** Graph's answer for a username business discovery cannot see. */
const NOT_FOUND = { code: 110, subcode: 2207013 };

const discoverySchema = z.object({
  business_discovery: z.object({
    id: z.string(),
    username: z.string().min(1),
    biography: z.string().optional(),
    followers_count: z.number().optional(),
    media_count: z.number().optional(),
    media: z
      .object({
        data: z.array(z.object({ like_count: z.number().optional(), comments_count: z.number().optional() })),
      })
      .optional(),
  }),
});

const graphErrorSchema = z.object({
  error: z.object({ code: z.number().optional(), error_subcode: z.number().optional() }),
});

export function instagramReader(options: InstagramOptions): BioProfileReader {
  return {
    sandbox: false,
    checkToken: () =>
      checkGraphToken({
        accessToken: options.accessToken,
        appId: options.appId,
        appSecret: options.appSecret,
        clock: options.clock ?? systemClock,
      }),
    async readProfile(typed) {
      const username = typed.trim().replace(/^@/, "");
      if (!USERNAME.test(username)) return null;
      const url = new URL(`${GRAPH_API}/${encodeURIComponent(options.businessAccountId)}`);
      url.searchParams.set(
        "fields",
        `business_discovery.username(${username}){username,biography,followers_count,media_count,media.limit(${RECENT_MEDIA}){like_count,comments_count}}`,
      );
      if (options.appSecret) {
        url.searchParams.set("appsecret_proof", appSecretProof(options.appSecret, options.accessToken));
      }
      const answer = await apiGet(url, bearer(options.accessToken), "unknown");
      const graphError = graphErrorSchema.safeParse(answer.body);
      if (
        answer.status >= 400 &&
        graphError.success &&
        (graphError.data.error.error_subcode === NOT_FOUND.subcode || graphError.data.error.code === NOT_FOUND.code)
      ) {
        return null;
      }
      const { business_discovery: profile } = readAnswer(answer, url, discoverySchema, "unknown");
      const followers = countOf(profile.followers_count);
      const reactions = profile.media
        ? profile.media.data.reduce((sum, media) => sum + (media.like_count ?? 0) + (media.comments_count ?? 0), 0)
        : null;
      const canonical = profile.username.toLowerCase();
      return {
        bio: profile.biography ?? "",
        account: {
          identifier: canonical,
          title: `@${canonical}`,
          link: `https://www.instagram.com/${canonical}/`,
          followers: followers ?? 0,
          posts: countOf(profile.media_count),
          reactions,
          isPrivate: false,
          hasAnalytics: followers !== null,
        },
      };
    },
  };
}
