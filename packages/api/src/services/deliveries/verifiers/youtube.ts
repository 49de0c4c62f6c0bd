import { z } from "zod";
import { answeredWith, countOf, lookupGet } from "./http";
import type { PostVerifier } from "./ports";

/**
 * YouTube through the Data API v3's videos.list (https://developers.google.com/youtube/v3/docs/videos/list) with the
 * marketplace's API key: `GET /youtube/v3/videos?part=snippet,statistics&id={videoId}&key=`. A public video answers
 * its snippet (channelId: the author, publishedAt, thumbnails) and statistics (viewCount, likeCount, commentCount,
 * strings; likeCount is absent when the owner hides it). An unknown, private or deleted video answers 200 with no
 * items: not found. Any other answer (403 quotaExceeded, 5xx) or no answer is unavailable, retried by the sweep.
 */

export const YOUTUBE_VIDEOS_URL = "https://www.googleapis.com/youtube/v3/videos";

const thumbnail = z.object({ url: z.string() }).optional();
const videosSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({
          channelId: z.string(),
          publishedAt: z.string().optional(),
          thumbnails: z.object({ default: thumbnail, medium: thumbnail, high: thumbnail }).partial().optional(),
        }),
        statistics: z
          .object({ viewCount: z.string(), likeCount: z.string(), commentCount: z.string() })
          .partial()
          .optional(),
      }),
    )
    .optional(),
});

export function youtubePostVerifier(options: { apiKey: string }): PostVerifier {
  return {
    network: "youtube",
    async lookUp(post) {
      const url = new URL(YOUTUBE_VIDEOS_URL);
      url.searchParams.set("part", "snippet,statistics");
      url.searchParams.set("id", post.postId);
      url.searchParams.set("key", options.apiKey);
      const answer = await lookupGet(url);
      if (!answer.ok) return { state: "unavailable", reason: answer.reason };
      if (answer.status !== 200) return { state: "unavailable", reason: answeredWith(url, answer.status, answer.body) };
      const parsed = videosSchema.safeParse(answer.body);
      if (!parsed.success) return { state: "unavailable", reason: "videos.list answered an unexpected body" };
      const video = parsed.data.items?.find((item) => item.id === post.postId);
      if (!video) return { state: "not_found" };
      const { snippet, statistics } = video;
      const publishedAt = snippet.publishedAt ? new Date(snippet.publishedAt) : null;
      return {
        state: "found",
        post: {
          authorId: snippet.channelId,
          publishedAt: publishedAt && !Number.isNaN(publishedAt.getTime()) ? publishedAt : null,
          thumbnailUrl:
            (snippet.thumbnails?.high ?? snippet.thumbnails?.medium ?? snippet.thumbnails?.default)?.url ?? null,
          statistics: {
            views: countOf(statistics?.viewCount),
            likes: countOf(statistics?.likeCount),
            comments: countOf(statistics?.commentCount),
          },
        },
      };
    },
  };
}
