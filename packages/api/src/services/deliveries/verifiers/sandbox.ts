import type { NetworkType } from "@market/contracts";
import { SANDBOX_CONFLICT_ACCOUNTS, SANDBOX_DEMO_ACCOUNTS, SANDBOX_DEMO_INSTAGRAM } from "@market/db";
import type { Clock } from "../../../clock";
import {
  type FoundPost,
  type PostVerifier,
  type PostVerifiers,
  UNVERIFIABLE_REASONS,
  unverifiableVerifier,
} from "./ports";

/**
 * The built-in network sandbox's posts (issue 37), used wherever a network's real API is not configured, so a fresh
 * machine delivers and checks end to end. Its catalogue holds, per checkable network, a post of the demo
 * influencer's account (verified), a post of another account (other_account: the conflict samples' Lena Hart) and a
 * post published long before any hire (before_hire); any other id is unknown (not_found). A post id beginning with
 * "mine" (numeric ids: ending in 0999) is the linked account's, published at this instant, whoever's account it is: a tester or an end-to-end test
 * delivers one from any sample account. An id beginning with "down" (YouTube, Instagram) answers as an API outage
 * (unavailable).
 */

/** The linked account's post, whoever's: an id beginning with "mine", or a numeric id ending in 0999 (X, Facebook). */
const isMine = (id: string) => id.startsWith("mine") || /^\d+0999$/.test(id);

type CatalogueNetwork = "youtube" | "instagram" | "twitter" | "facebook";

interface SandboxPost {
  postId: string;
  authorId: string;
  /** ISO time. */
  publishedAt: string;
  statistics: FoundPost["statistics"];
}

const demo = {
  youtube: SANDBOX_DEMO_ACCOUNTS.youtube[0].identifier,
  instagram: SANDBOX_DEMO_INSTAGRAM.identifier,
  twitter: SANDBOX_DEMO_ACCOUNTS.twitter[0].identifier,
  facebook: SANDBOX_DEMO_ACCOUNTS.facebook[0].identifier,
};

/** The URLs a tester pastes: the demo influencer's, another account's, an old one, per network. */
export const SANDBOX_POST_URLS = {
  youtube: {
    own: "https://www.youtube.com/watch?v=sbxAlexVid1",
    other: "https://www.youtube.com/watch?v=sbxLenaVid1",
    old: "https://www.youtube.com/watch?v=sbxAlexOld1",
    unknown: "https://www.youtube.com/watch?v=sbxNoSuch01",
    mine: "https://www.youtube.com/watch?v=mineVideo01",
  },
  instagram: {
    own: "https://www.instagram.com/p/SbxAlexPost1/",
    other: "https://www.instagram.com/p/SbxLenaPost1/",
    old: "https://www.instagram.com/p/SbxAlexOld01/",
    unknown: "https://www.instagram.com/p/SbxNoSuch001/",
    mine: "https://www.instagram.com/reel/minePost0001/",
  },
  twitter: {
    own: "https://x.com/demoinfluencer/status/1800000000000000001",
    other: "https://x.com/lena_wanders/status/1800000000000000002",
    old: "https://x.com/demoinfluencer/status/1500000000000000003",
    unknown: "https://x.com/demoinfluencer/status/1800000000000000009",
    mine: "https://x.com/i/web/status/1800000000000000999",
  },
  facebook: {
    own: `https://www.facebook.com/${demo.facebook}/posts/9000000000000001`,
    other: `https://www.facebook.com/${SANDBOX_CONFLICT_ACCOUNTS.facebook.identifier}/posts/9000000000000002`,
    old: `https://www.facebook.com/${demo.facebook}/posts/9000000000000003`,
    unknown: `https://www.facebook.com/${demo.facebook}/posts/9000000000000009`,
    mine: "https://www.facebook.com/reel/9000000000000999",
  },
} as const satisfies Record<CatalogueNetwork, Record<string, string>>;

const stats = (views: number | null, likes: number | null, comments: number | null) => ({ views, likes, comments });

const CATALOGUE: Record<CatalogueNetwork, readonly SandboxPost[]> = {
  youtube: [
    {
      postId: "sbxAlexVid1",
      authorId: demo.youtube,
      publishedAt: "2026-01-01T00:00:00Z",
      statistics: stats(48_210, 2_930, 214),
    },
    {
      postId: "sbxLenaVid1",
      authorId: SANDBOX_CONFLICT_ACCOUNTS.youtube.identifier,
      publishedAt: "2026-01-01T00:00:00Z",
      statistics: stats(12_004, 640, 51),
    },
    {
      postId: "sbxAlexOld1",
      authorId: demo.youtube,
      publishedAt: "2020-05-01T00:00:00Z",
      statistics: stats(310_000, 9_100, 800),
    },
  ],
  instagram: [
    {
      postId: "SbxAlexPost1",
      authorId: demo.instagram,
      publishedAt: "2026-01-01T00:00:00Z",
      statistics: stats(null, 3_412, 187),
    },
    {
      postId: "SbxLenaPost1",
      authorId: SANDBOX_CONFLICT_ACCOUNTS.instagram.identifier,
      publishedAt: "2026-01-01T00:00:00Z",
      statistics: stats(null, 980, 33),
    },
    {
      postId: "SbxAlexOld01",
      authorId: demo.instagram,
      publishedAt: "2020-05-01T00:00:00Z",
      statistics: stats(null, 5_020, 240),
    },
  ],
  twitter: [
    {
      postId: "1800000000000000001",
      authorId: demo.twitter,
      publishedAt: "2026-01-01T00:00:00Z",
      statistics: stats(20_400, 512, 37),
    },
    {
      postId: "1800000000000000002",
      authorId: SANDBOX_CONFLICT_ACCOUNTS.twitter.identifier,
      publishedAt: "2026-01-01T00:00:00Z",
      statistics: stats(3_100, 88, 9),
    },
    {
      postId: "1500000000000000003",
      authorId: demo.twitter,
      publishedAt: "2020-05-01T00:00:00Z",
      statistics: stats(9_000, 300, 20),
    },
  ],
  facebook: [
    {
      postId: "9000000000000001",
      authorId: demo.facebook,
      publishedAt: "2026-01-01T00:00:00Z",
      statistics: stats(null, 1_240, 96),
    },
    {
      postId: "9000000000000002",
      authorId: SANDBOX_CONFLICT_ACCOUNTS.facebook.identifier,
      publishedAt: "2026-01-01T00:00:00Z",
      statistics: stats(null, 410, 12),
    },
    {
      postId: "9000000000000003",
      authorId: demo.facebook,
      publishedAt: "2020-05-01T00:00:00Z",
      statistics: stats(null, 2_000, 150),
    },
  ],
};

const THUMBNAILS: Record<CatalogueNetwork, (postId: string) => string | null> = {
  // The sandbox serves no images: a YouTube-shaped thumbnail URL is what the real API would give.
  youtube: (postId) => `https://i.ytimg.com/vi/${postId}/hqdefault.jpg`,
  instagram: () => null,
  twitter: () => null,
  facebook: () => null,
};

function sandboxVerifier(network: CatalogueNetwork, clock: Clock): PostVerifier {
  return {
    network,
    async lookUp(post, account) {
      if (post.postId.startsWith("down"))
        return { state: "unavailable", reason: `the ${network} sandbox is down (a post id beginning with "down")` };
      // Facebook's composite ids ({page}_{post}) name the post by their second half.
      const id = network === "facebook" ? (post.postId.split("_").pop() ?? post.postId) : post.postId;
      const thumbnailUrl = THUMBNAILS[network](id);
      if (isMine(id)) {
        const publishedAt = clock.now();
        return {
          state: "found",
          post: { authorId: account.identifier, publishedAt, thumbnailUrl, statistics: stats(1_200, 85, 7) },
        };
      }
      const known = CATALOGUE[network].find((candidate) => candidate.postId === id);
      if (!known) return { state: "not_found" };
      return {
        state: "found",
        post: {
          authorId: known.authorId,
          publishedAt: new Date(known.publishedAt),
          thumbnailUrl,
          statistics: known.statistics,
        },
      };
    },
  };
}

/** Every network's verifier on the sandbox (the checkable ones) or unverifiable (the others). */
export function sandboxPostVerifiers(clock: Clock): PostVerifiers {
  return {
    youtube: sandboxVerifier("youtube", clock),
    instagram: sandboxVerifier("instagram", clock),
    twitter: sandboxVerifier("twitter", clock),
    facebook: sandboxVerifier("facebook", clock),
    ...unverifiableNetworks(),
  };
}

/** The networks no API can check, whatever the configuration. */
export function unverifiableNetworks(): Pick<PostVerifiers, keyof typeof UNVERIFIABLE_REASONS> {
  return {
    snapchat: unverifiableVerifier("snapchat", UNVERIFIABLE_REASONS.snapchat),
    pinterest: unverifiableVerifier("pinterest", UNVERIFIABLE_REASONS.pinterest),
    tumblr: unverifiableVerifier("tumblr", UNVERIFIABLE_REASONS.tumblr),
    blog: unverifiableVerifier("blog", UNVERIFIABLE_REASONS.blog),
  };
}

/** Verifiers where nothing is configured and no sandbox is allowed (production): each says so. */
export function unconfiguredPostVerifiers(): PostVerifiers {
  const none = (network: NetworkType) =>
    unverifiableVerifier(network, "Checking posts on this network is not configured: open the link to see the post.");
  return {
    youtube: none("youtube"),
    instagram: none("instagram"),
    twitter: none("twitter"),
    facebook: none("facebook"),
    ...unverifiableNetworks(),
  };
}
