import { z } from "zod";
import { appSecretProof, GRAPH_API, graphErrorOf } from "../../networks/providers/graph";
import { graphFailure } from "./graph-errors";
import { countOf, lookupGet } from "./http";
import type { PostToVerify, PostVerifier } from "./ports";

/**
 * Facebook posts through the Graph API with the linked page's own Page access token (stored sealed when the page was
 * linked: networks/providers/facebook.ts), each call with its appsecret_proof. "A page access token can read all
 * posts posted to or posted by that Page" (https://developers.facebook.com/docs/graph-api/reference/post): a post of
 * the page is `GET /{page-id}_{post-id}` (https://developers.facebook.com/docs/graph-api/reference/pagepost) with
 * created_time, from (the page, or a visitor who posted on it), permalink_url, full_picture, shares and the
 * reactions' and comments' summaries; a video or a reel is a Video node read by its own id
 * (https://developers.facebook.com/docs/graph-api/reference/video: `picture` is its thumbnail); a photo a Photo node.
 *
 * Graph answers an id it does not know, or one this token may not read (another page's post: reading public posts
 * of other pages needs the Page Public Content Access feature), with error 100 subcode 33: not found. Rate limits
 * (codes 4, 17, 32, 613), a refused token (190: the influencer links the page again, the sweep then reads the new
 * one) and 5xx are unavailable. Views are not read: a post's impressions and a video's views are Page insights,
 * which need the read_insights permission the page link does not ask for.
 */

const COUNTS = "reactions.limit(0).summary(total_count),comments.limit(0).summary(total_count)";
const FIELDS = {
  post: `id,created_time,from,permalink_url,full_picture,shares,${COUNTS}`,
  video: `id,created_time,from,permalink_url,picture,${COUNTS}`,
  photo: `id,created_time,from,link,picture,${COUNTS}`,
} as const;

const summary = z.object({ summary: z.object({ total_count: z.number() }).optional() }).optional();
const nodeSchema = z.object({
  id: z.string(),
  created_time: z.string().optional(),
  from: z.object({ id: z.string() }).optional(),
  full_picture: z.string().optional(),
  picture: z.string().optional(),
  reactions: summary,
  comments: summary,
});

/** "Object does not exist, cannot be loaded due to missing permissions": Graph's not found. */
const NOT_FOUND = { code: 100, subcode: 33 };
/** "(#803) Some of the aliases you requested do not exist". */
const UNKNOWN_ALIAS = 803;

export const PFBID_REASON =
  "Facebook's API names posts by number, and this link names the post by a pfbid code: open it to see the post.";

/** What Graph is asked for: the node's id and its kind, from the URL the delivery stored; null for a pfbid link. */
function nodeOf(post: PostToVerify, pageId: string): { id: string; kind: keyof typeof FIELDS } | null {
  if (post.postId.includes("pfbid")) return null;
  const path = new URL(post.url).pathname;
  if (path.startsWith("/photo")) return { id: post.postId, kind: "photo" };
  if (path.startsWith("/reel/") || path.startsWith("/watch") || path.includes("/videos/"))
    return { id: post.postId, kind: "video" };
  // A page post: the permalink's composite id as it is, else the linked page's id joined to the post's.
  return { id: post.postId.includes("_") ? post.postId : `${pageId}_${post.postId}`, kind: "post" };
}

export function facebookPostVerifier(options: { appSecret: string }): PostVerifier {
  return {
    network: "facebook",
    async lookUp(post, account) {
      if (!account.accessToken) {
        return {
          state: "unverifiable",
          reason: "The page is linked without its Page token: link it again so its posts can be checked.",
        };
      }
      const node = nodeOf(post, account.identifier);
      if (!node) return { state: "unverifiable", reason: PFBID_REASON };
      const url = new URL(`${GRAPH_API}/${encodeURIComponent(node.id)}`);
      url.searchParams.set("fields", FIELDS[node.kind]);
      url.searchParams.set("appsecret_proof", appSecretProof(options.appSecret, account.accessToken));
      const answer = await lookupGet(url, { authorization: `Bearer ${account.accessToken}` });
      if (!answer.ok) return { state: "unavailable", reason: answer.reason };
      if (answer.status !== 200) {
        const error = graphErrorOf(answer.body);
        const missing =
          (error?.code === NOT_FOUND.code && error.error_subcode === NOT_FOUND.subcode) ||
          error?.code === UNKNOWN_ALIAS;
        if (missing) return { state: "not_found" };
        return { state: "unavailable", reason: graphFailure(url, answer.status, answer.body) };
      }
      const parsed = nodeSchema.safeParse(answer.body);
      const found = parsed.success ? parsed.data : null;
      if (!found?.from) return { state: "unavailable", reason: "Graph answered a post without its author" };
      const created = found.created_time ? new Date(found.created_time) : null;
      return {
        state: "found",
        post: {
          authorId: found.from.id,
          publishedAt: created && !Number.isNaN(created.getTime()) ? created : null,
          thumbnailUrl: found.full_picture ?? found.picture ?? null,
          statistics: {
            views: null,
            likes: countOf(found.reactions?.summary?.total_count),
            comments: countOf(found.comments?.summary?.total_count),
          },
        },
      };
    },
  };
}
