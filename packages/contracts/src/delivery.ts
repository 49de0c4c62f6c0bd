import { z } from "zod";
import { networkType } from "./enum-schemas";
import type { NetworkType } from "./enums";
import { rowId } from "./ids";
import { NETWORK_LABELS, type PostKind, parsePostUrl } from "./post-urls";
import type { FieldIssue } from "./reasons";

/**
 * Delivery with proof (issue 37): what "work done" hands over (a published post per hired network, files, a note),
 * how each post was checked on its network, and the history of deliveries the brand and an admin read.
 *
 * - POST /api/applications/{id}/done (tRPC `applications.workDone`): body workDoneInput (the id from the path).
 * - GET /api/applications/{id} (tRPC `applications.get`): `delivery: ApplicationDelivery | null`.
 * - POST /api/applications/{id}/undone (tRPC `applications.workNotDone`): `networks` names the posts the brand asks
 *   to change (workNotDoneInput in chat.ts).
 */

/** Files a delivery may carry (screenshots, the raw video or image), each a chat file of the application. */
export const DELIVERY_MAX_FILES = 10;
export const DELIVERY_NOTE_MAX_LENGTH = 2_000;

/** One published post: the network it is for and its URL as pasted; read by that network's rule (post-urls.ts). */
const deliverableInput = z
  .object({
    network: networkType,
    url: z.string({ error: "Paste the link of your post." }).max(4_000, "This link is too long."),
  })
  .transform((line, context): Deliverable => {
    const read = parsePostUrl(line.network, line.url);
    if (!read.ok) {
      context.addIssue({ code: "custom", path: ["url"], message: read.message });
      return z.NEVER;
    }
    return { network: line.network, url: read.url, postId: read.postId, kind: read.kind };
  });

/** A deliverable as read: the URL normalized (post-urls.ts), the post's id when its URL carries one. */
export interface Deliverable {
  network: NetworkType;
  url: string;
  postId: string | null;
  kind: PostKind;
}

/**
 * Body of POST /api/applications/{id}/done. Each line's URL must be a post of its network (issue `deliverables.{i}.url`),
 * a network at most once (`deliverables.{i}.network`); that the networks are exactly the hired ones is checked
 * against the application (hiredNetworkIssues, the same paths). files: ids of the application's own chat files
 * (uploaded first through POST /api/applications/{id}/file), at most DELIVERY_MAX_FILES, each once. note: optional.
 */
export const workDoneInput = z.object({
  id: rowId,
  deliverables: z
    .array(deliverableInput, { error: "Add the link of each post you published." })
    .min(1, "Add the link of each post you published.")
    .max(20)
    .superRefine((lines, context) => {
      const seen = new Set<NetworkType>();
      lines.forEach((line, index) => {
        if (seen.has(line.network))
          context.addIssue({ code: "custom", path: [index, "network"], message: "This network appears twice." });
        seen.add(line.network);
      });
    }),
  files: z
    .array(z.uuid({ error: "This file is not one of the chat's." }), { error: "Files are a list of file ids." })
    .max(DELIVERY_MAX_FILES, `At most ${DELIVERY_MAX_FILES} files.`)
    .optional()
    .transform((ids) => [...new Set((ids ?? []).map((id) => id.toLowerCase()))]),
  note: z
    .string({ error: "The note is a text." })
    .trim()
    .max(DELIVERY_NOTE_MAX_LENGTH, `At most ${DELIVERY_NOTE_MAX_LENGTH} characters.`)
    .nullish()
    .transform((note) => (note ? note : null)),
});
export type WorkDoneInput = z.input<typeof workDoneInput>;
export type WorkDone = z.output<typeof workDoneInput>;

/**
 * The issues of deliverables against the hired networks: a hired network without a line (on `deliverables`,
 * naming it), a line for a network not hired (on `deliverables.{i}.network`). Empty when they match.
 */
export function hiredNetworkIssues(hired: readonly NetworkType[], deliverables: readonly Deliverable[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  deliverables.forEach((line, index) => {
    if (!hired.includes(line.network))
      issues.push({
        path: ["deliverables", index, "network"],
        message: `${NETWORK_LABELS[line.network]} was not hired.`,
      });
  });
  for (const network of hired) {
    if (!deliverables.some((line) => line.network === network))
      issues.push({ path: ["deliverables"], message: `Add the link of your ${NETWORK_LABELS[network]} post.` });
  }
  return issues;
}

/**
 * What the check on the network found (the port PostVerifier): the post exists, is the linked account's and was
 * published after the hire; or why not. pending: not checked yet (it runs right after the delivery commits);
 * unavailable: the network's API did not answer (the sweep tries again); unverifiable: the network has no API we
 * can ask (snapchat, pinterest, tumblr, blog) or the link carries no post id (a share link). Neither blocks the
 * delivery: the brand and an admin read the result.
 */
export const POST_CHECK_STATES = [
  "pending",
  "verified",
  "not_found",
  "other_account",
  "before_hire",
  "unverifiable",
  "unavailable",
] as const;
export type PostCheckState = (typeof POST_CHECK_STATES)[number];

/** Statistics snapshots: at delivery (the check's reading), one day and seven days after it. */
export const STATISTICS_SNAPSHOT_KINDS = ["initial", "day1", "day7"] as const;
export type StatisticsSnapshotKind = (typeof STATISTICS_SNAPSHOT_KINDS)[number];

/** A post's counters as the network gives them; null where it gives none (hidden likes, no view count). */
export interface PostStatistics {
  views: number | null;
  likes: number | null;
  comments: number | null;
}

export interface StatisticsSnapshotView extends PostStatistics {
  kind: StatisticsSnapshotKind;
  takenAt: Date;
}

export interface PostCheckView {
  state: PostCheckState;
  /** What the brand reads, e.g. "We could not find this post on YouTube." */
  message: string;
  /** When the network answered last; null while pending. */
  checkedAt: Date | null;
}

/** One delivered post, as the brand's review and the admin's case show it. */
export interface DeliveredPostView {
  network: NetworkType;
  /** Normalized (post-urls.ts); the link of prices[].link too. */
  url: string;
  kind: PostKind;
  postId: string | null;
  /** The application's linked account of that network (title, link), null when it was removed. */
  account: { title: string; link: string | null } | null;
  /** When the network says it was published; null until checked or where it does not say. */
  publishedAt: Date | null;
  thumbnailUrl: string | null;
  /** The latest reading (the newest snapshot). */
  statistics: PostStatistics;
  snapshots: StatisticsSnapshotView[];
  check: PostCheckView;
  /** The brand's "request changes" (work not done) named this post. */
  changesRequested: boolean;
}

/** A file handed over with the delivery: one of the application's chat files. */
export interface DeliveryFileView {
  id: string;
  name: string;
  mime: string;
  size: number;
  /** GET /files/{id}: served to the two parties only. */
  url: string;
  /** An inline image's URL for a preview, null when not an image the chat shows inline. */
  thumbnailUrl: string | null;
}

/** The brand's "request changes" on a delivery: its text and the posts it named (all when it named none). */
export interface DeliveryChangesRequest {
  at: Date;
  text: string;
  networks: NetworkType[];
}

export interface DeliveryView {
  id: number;
  deliveredAt: Date;
  note: string | null;
  posts: DeliveredPostView[];
  files: DeliveryFileView[];
  /** Set when the brand contested this delivery. */
  changesRequest: DeliveryChangesRequest | null;
}

/** On the application page: the current delivery and the earlier ones (newest first), null before any. */
export interface ApplicationDelivery {
  current: DeliveryView;
  history: DeliveryView[];
}

/** The messages of each check state, with the network's name. */
export function postCheckMessage(state: PostCheckState, network: NetworkType, reason?: string): string {
  const name = NETWORK_LABELS[network];
  switch (state) {
    case "pending":
      return `Checking this post on ${name}…`;
    case "verified":
      return `Found on ${name}, on the linked account, published after the hire.`;
    case "not_found":
      return `We could not find this post on ${name}.`;
    case "other_account":
      return `This post is not on the ${name} account linked to this proposal.`;
    case "before_hire":
      return `This post was published on ${name} before the hire.`;
    case "unverifiable":
      return reason ?? `${name} cannot be checked automatically: open the link to see the post.`;
    case "unavailable":
      return `${name} did not answer; we will check again shortly.`;
  }
}

/**
 * A post URL per network that the built-in network sandbox (services/deliveries/verifiers/sandbox.ts) finds on
 * whichever account is linked, published a minute ago: "mine..." ids. For testers and tests delivering from any
 * sample account; the networks no API checks get a well-formed URL (stored unverifiable).
 */
export const SANDBOX_MINE_POST_URLS: Record<NetworkType, string> = {
  youtube: "https://www.youtube.com/watch?v=mineVideo01",
  instagram: "https://www.instagram.com/reel/minePost0001/",
  twitter: "https://x.com/i/web/status/1800000000000000999",
  facebook: "https://www.facebook.com/reel/9000000000000999",
  snapchat: "https://www.snapchat.com/spotlight/mineSpotlight01",
  pinterest: "https://www.pinterest.com/pin/900000000000000999/",
  tumblr: "https://www.tumblr.com/mine/900000000000000999",
  blog: "https://blog.example.com/mine",
};

/** A work-done body delivering the sandbox's "mine" post on each network (tests, the demo). */
export function sandboxDeliverables(networks: readonly NetworkType[]): { network: NetworkType; url: string }[] {
  return networks.map((network) => ({ network, url: SANDBOX_MINE_POST_URLS[network] }));
}
