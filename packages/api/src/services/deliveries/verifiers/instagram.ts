import { parsePostUrl } from "@market/contracts";
import { z } from "zod";
import { appSecretProof, GRAPH_API, graphErrorOf } from "../../networks/providers/graph";
import { graphFailure } from "./graph-errors";
import { countOf, lookupGet } from "./http";
import type { FoundPost, PostVerifier } from "./ports";

/**
 * Instagram posts through the Instagram Graph API's business discovery, the call the Instagram link already makes
 * (networks/providers/instagram.ts): an Instagram account is linked by a code in its bio, so what is stored is its
 * username, never a token of its own. Business discovery reads another professional account's public media with the
 * marketplace's own account and token (INSTAGRAM_BUSINESS_ACCOUNT_ID, INSTAGRAM_ACCESS_TOKEN):
 * `GET /{our-ig-user-id}?fields=business_discovery.username(NAME){media.limit(50){id,permalink,timestamp,...}}`
 * (https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/business_discovery,
 * its /media edge by field expansion, paged with `media.after(CURSOR)` from `paging.cursors.after`).
 *
 * Graph has no look-up by shortcode, so the post is matched by its permalink's shortcode among the account's latest
 * media, at most MAX_PAGES pages of PAGE_SIZE (the newest first: a delivered post is recent). A post not among them
 * is not_found: business discovery lists the linked account's media only, so another account's post reads the same.
 * Views are not given: a media's plays and reach are insights, readable only with the account's own token and
 * instagram_manage_insights, which a bio-code link never grants. The thumbnail is media_url for an image or a
 * carousel (a video's media_url is the video itself, and thumbnail_url is not a public field).
 */

const PAGE_SIZE = 50;
/** Pages of media read per look-up: the account's 200 latest posts. */
export const MAX_MEDIA_PAGES = 4;
const MEDIA_FIELDS = "id,permalink,timestamp,like_count,comments_count,media_type,media_url";
/** Graph's answer for a username business discovery cannot see (a personal or private account, or none). */
const NOT_VISIBLE_SUBCODE = 2_207_013;

export interface InstagramPostOptions {
  /** The marketplace's own professional account, on which discovery queries are made. */
  businessAccountId: string;
  accessToken: string;
  /** The Facebook app's secret, for appsecret_proof. */
  appSecret?: string | undefined;
}

const mediaSchema = z.object({
  id: z.string(),
  permalink: z.string().optional(),
  timestamp: z.string().optional(),
  like_count: z.number().optional(),
  comments_count: z.number().optional(),
  media_type: z.string().optional(),
  media_url: z.string().optional(),
});

const discoverySchema = z.object({
  business_discovery: z.object({
    username: z.string(),
    media: z
      .object({
        data: z.array(mediaSchema),
        paging: z.object({ cursors: z.object({ after: z.string().optional() }).optional() }).optional(),
      })
      .optional(),
  }),
});

type Media = z.infer<typeof mediaSchema>;

const USERNAME = /^[A-Za-z0-9._]{1,30}$/;
/** A paging cursor as Graph writes them (base64url); anything else never reaches the fields expression. */
const CURSOR = /^[A-Za-z0-9_=-]{1,400}$/;

/** The shortcode of a media's permalink (instagram.com/p/{code}/ or /reel/{code}/), as the delivered URL names it. */
const shortcodeOf = (media: Media) => (media.permalink ? parsePostUrl("instagram", media.permalink) : null);

function foundPost(media: Media, username: string): FoundPost {
  const published = media.timestamp ? new Date(media.timestamp) : null;
  const isImage = media.media_type === "IMAGE" || media.media_type === "CAROUSEL_ALBUM";
  return {
    authorId: username,
    publishedAt: published && !Number.isNaN(published.getTime()) ? published : null,
    thumbnailUrl: isImage ? (media.media_url ?? null) : null,
    statistics: { views: null, likes: countOf(media.like_count), comments: countOf(media.comments_count) },
  };
}

export function instagramPostVerifier(options: InstagramPostOptions): PostVerifier {
  return {
    network: "instagram",
    async lookUp(post, account) {
      const username = account.identifier.replace(/^@/, "");
      if (!USERNAME.test(username)) return { state: "unverifiable", reason: "The linked account has no username." };
      let after: string | null = null;
      for (let page = 0; page < MAX_MEDIA_PAGES; page += 1) {
        const url = new URL(`${GRAPH_API}/${encodeURIComponent(options.businessAccountId)}`);
        const cursor = after ? `.after(${after})` : "";
        url.searchParams.set(
          "fields",
          `business_discovery.username(${username}){username,media${cursor}.limit(${PAGE_SIZE}){${MEDIA_FIELDS}}}`,
        );
        if (options.appSecret)
          url.searchParams.set("appsecret_proof", appSecretProof(options.appSecret, options.accessToken));
        const answer = await lookupGet(url, { authorization: `Bearer ${options.accessToken}` });
        if (!answer.ok) return { state: "unavailable", reason: answer.reason };
        if (answer.status !== 200) {
          if (graphErrorOf(answer.body)?.error_subcode === NOT_VISIBLE_SUBCODE) {
            return {
              state: "unverifiable",
              reason: `Instagram shows @${username}'s posts only while it is a professional account: open the link to see the post.`,
            };
          }
          return { state: "unavailable", reason: graphFailure(url, answer.status, answer.body) };
        }
        const parsed = discoverySchema.safeParse(answer.body);
        if (!parsed.success) return { state: "unavailable", reason: "business discovery answered an unexpected body" };
        const { username: canonical, media } = parsed.data.business_discovery;
        const match = media?.data.find((candidate) => {
          const code = shortcodeOf(candidate);
          return code?.ok === true && code.postId === post.postId;
        });
        if (match) return { state: "found", post: foundPost(match, canonical.toLowerCase()) };
        const next = media?.paging?.cursors?.after;
        if (!next || !CURSOR.test(next) || (media?.data.length ?? 0) < PAGE_SIZE) break;
        after = next;
      }
      return { state: "not_found" };
    },
  };
}
