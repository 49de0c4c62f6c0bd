import { z } from "zod";
import { answeredWith, countOf, lookupGet } from "./http";
import type { PostVerifier } from "./ports";

/**
 * X (Twitter) through API v2's post lookup (https://docs.x.com/x-api/posts/post-lookup-by-post-id) with the
 * marketplace's app-only Bearer token: `GET /2/tweets/{id}?tweet.fields=author_id,created_at,public_metrics`. A
 * post answers `data` with author_id (the user id linking stored), created_at and public_metrics (impression_count,
 * like_count, reply_count, ...); an unknown or deleted post answers 200 with `errors` of type
 * `.../problems/resource-not-found` and no `data`. 429 (rate limit), 401 (a bad token) and 5xx are unavailable.
 */

export const TWITTER_TWEETS_URL = "https://api.twitter.com/2/tweets";

const tweetSchema = z.object({
  data: z
    .object({
      id: z.string(),
      author_id: z.string(),
      created_at: z.string().optional(),
      public_metrics: z
        .object({ impression_count: z.number(), like_count: z.number(), reply_count: z.number() })
        .partial()
        .optional(),
    })
    .optional(),
  errors: z.array(z.object({ type: z.string().optional() })).optional(),
});

export function twitterPostVerifier(options: { bearerToken: string }): PostVerifier {
  return {
    network: "twitter",
    async lookUp(post) {
      const url = new URL(`${TWITTER_TWEETS_URL}/${encodeURIComponent(post.postId)}`);
      url.searchParams.set("tweet.fields", "author_id,created_at,public_metrics");
      const answer = await lookupGet(url, { authorization: `Bearer ${options.bearerToken}` });
      if (!answer.ok) return { state: "unavailable", reason: answer.reason };
      if (answer.status !== 200) return { state: "unavailable", reason: answeredWith(url, answer.status, answer.body) };
      const parsed = tweetSchema.safeParse(answer.body);
      if (!parsed.success) return { state: "unavailable", reason: "the post lookup answered an unexpected body" };
      const { data, errors } = parsed.data;
      if (!data) {
        const notFound = errors?.some((error) => error.type?.endsWith("/resource-not-found"));
        return notFound ? { state: "not_found" } : { state: "unavailable", reason: "the post lookup gave no post" };
      }
      const created = data.created_at ? new Date(data.created_at) : null;
      return {
        state: "found",
        post: {
          authorId: data.author_id,
          publishedAt: created && !Number.isNaN(created.getTime()) ? created : null,
          thumbnailUrl: null,
          statistics: {
            views: countOf(data.public_metrics?.impression_count),
            likes: countOf(data.public_metrics?.like_count),
            comments: countOf(data.public_metrics?.reply_count),
          },
        },
      };
    },
  };
}
