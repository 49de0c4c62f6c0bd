import type { NetworkType, PostCheckState, PostStatistics } from "@market/contracts";

/**
 * The port of the delivery check (issue 37): per network, a PostVerifier looks a delivered post up on the network
 * (its API, or the built-in sandbox's catalogue) and says who published it, when, and its counters. Whether that
 * makes the delivery verified (the linked account's, after the hire) is judged here, the same for every network
 * (judgePost), so an adapter only reads its API.
 */

/** A delivered post as the check asks about it: its network, its normalized URL and the id its URL carries. */
export interface PostToVerify {
  network: NetworkType;
  url: string;
  postId: string;
}

/** The application's linked account of that network: the provider's id, its title, its own token where stored. */
export interface LinkedAccount {
  /** The provider's id of the account (a channel id, a user id, a page id) or the Instagram username. */
  identifier: string;
  /** The stored token of the account, decrypted (a Facebook page's Page token); null when none. */
  accessToken: string | null;
}

/** What the network says of a post it found. */
export interface FoundPost {
  /** The author as the provider names accounts: compared with LinkedAccount.identifier. */
  authorId: string;
  publishedAt: Date | null;
  thumbnailUrl: string | null;
  statistics: PostStatistics;
}

/**
 * The answer of a look-up: found; not found (the network does not know it, or it is not among the linked account's
 * posts where that is all the API can list); unverifiable (no way to ask: why); unavailable (the API failed: why).
 */
export type PostLookup =
  | { state: "found"; post: FoundPost }
  | { state: "not_found" }
  | { state: "unverifiable"; reason: string }
  | { state: "unavailable"; reason: string };

export interface PostVerifier {
  readonly network: NetworkType;
  lookUp(post: PostToVerify, account: LinkedAccount): Promise<PostLookup>;
}

/** One verifier per network; networks without an API answer unverifiable. */
export type PostVerifiers = Record<NetworkType, PostVerifier>;

/** The check's result as stored: a state of the contract and, when found, what the network said. */
export type PostCheckOutcome = {
  state: Exclude<PostCheckState, "pending">;
  reason: string | null;
  found: FoundPost | null;
};

/**
 * The verdict on a look-up: a found post is verified when its author is the linked account and it was published at
 * or after the hire (a post without a date is given the benefit: the network did not say); else other_account or
 * before_hire, which the brand and an admin read. Not found, unverifiable and unavailable pass through.
 */
export function judgePost(lookup: PostLookup, account: LinkedAccount, hiredAt: Date): PostCheckOutcome {
  switch (lookup.state) {
    case "not_found":
      return { state: "not_found", reason: null, found: null };
    case "unverifiable":
    case "unavailable":
      return { state: lookup.state, reason: lookup.reason, found: null };
    case "found": {
      const { post } = lookup;
      if (post.authorId.toLowerCase() !== account.identifier.toLowerCase())
        return { state: "other_account", reason: null, found: post };
      if (post.publishedAt && post.publishedAt.getTime() < hiredAt.getTime())
        return { state: "before_hire", reason: null, found: post };
      return { state: "verified", reason: null, found: post };
    }
  }
}

/** A verifier for a network with no API to ask (snapchat, pinterest, tumblr, blog) or none configured. */
export function unverifiableVerifier(network: NetworkType, reason: string): PostVerifier {
  return {
    network,
    async lookUp() {
      return { state: "unverifiable", reason };
    },
  };
}

/** Why each network without a verifier cannot be checked (docs/product.md repeats these). */
export const UNVERIFIABLE_REASONS = {
  snapchat: "Snapchat has no public API to read a story or a Spotlight: open the link to see the post.",
  pinterest: "Pinterest's API reads only the pins of an account that authorized it: open the link to see the pin.",
  tumblr: "Tumblr posts are not checked automatically: open the link to see the post.",
  blog: "A blog has no API to ask: open the link to see the article.",
} as const;

/** What a look-up answers when a URL carries no id (a share link): the network cannot be asked about it. */
export const NO_POST_ID_REASON = "This link does not name the post itself (a share link): open it to see the post.";
