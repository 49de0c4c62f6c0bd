import { createHash } from "node:crypto";
import { CATEGORIES, type NetworkType, type PostCheckState, parsePostUrl } from "@market/contracts";
import { sql } from "drizzle-orm";
import { rowsOf } from "../client";
import { contestedPosts, deliveredPosts, deliveries, deliveryFiles, files, postStatisticsSnapshots } from "../schema";
import type { FileDraft } from "./application-chat";
import type { SeedContext } from "./context";
import { DEMO_ACCOUNTS } from "./demo-logins";
import { drawDealImage } from "./images";
import type { Random } from "./random";

/** Networks whose API the checks ask (issue 37); the others read "cannot be checked automatically". */
const CHECKED: ReadonlySet<NetworkType> = new Set(["youtube", "instagram", "twitter", "facebook"]);

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

interface DeliveredHire {
  id: number;
  influencer_id: number;
  brand_id: number;
  status: string;
  delivered_at: string;
  /** The brand's contest of the delivery (work not done), when there is one. */
  contest_id: number | null;
}

interface HiredLine {
  network_type: NetworkType;
  network_id: number | null;
}

/**
 * Delivery with proof in the demo (issue 37): every hire whose work is done (in progress or complete) gets the
 * delivery it would have today, at its work-done moment: a published post per hired network with its check and
 * statistics (the latest reading and its snapshots), a screenshot handed over as a chat file, and its links on the
 * price lines. Among them: the first uncontested hire's first checked post the network could not find (the demo's "We could not find
 * this post on YouTube"), and the first contested hire's contest naming one post ("request changes"). The demo
 * brand and influencer's hires come first, so both see them. Returns the screenshots, which the file store keeps.
 *
 * The seeded posts are not in the network sandbox's catalogue: no check nor statistics reading is left owed, so
 * the sweeps leave them as seeded.
 */
export async function seedDeliveries(ctx: SeedContext): Promise<{ deliveries: number; files: FileDraft[] }> {
  const rng = ctx.random("deliveries");
  const hires = rowsOf<DeliveredHire>(
    await ctx.db.execute(sql`
      select a.id, a.influencer_id, a.brand_id, a.status,
        to_char(max(m.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as delivered_at,
        (select r.id from arbitration_requests r
          where r.application_id = a.id and r.kind = 'contest' order by r.id desc limit 1) as contest_id
      from applications a
        join chat_messages m on m.application_id = a.id and m.type = 'work_done'
        join users b on b.id = a.brand_id
        join users i on i.id = a.influencer_id
      where a.status in ('PROGRESS', 'COMPLETE')
      group by a.id, b.email, i.email
      order by (b.email = ${DEMO_ACCOUNTS.brand.email} or i.email = ${DEMO_ACCOUNTS.influencer.email}) desc,
        (a.contested_at is not null) desc, max(m.created_at) desc, a.id`),
  );
  const drafts: FileDraft[] = [];
  let notFoundLeft = 1;
  let namedContestLeft = 1;
  let redeliveryLeft = 1;
  for (const hire of hires) {
    const lines = rowsOf<HiredLine>(
      await ctx.db.execute(sql`
        select network_type, network_id from application_prices
        where application_id = ${hire.id} and hired order by network_type`),
    );
    if (lines.length === 0) continue;
    const deliveredAt = new Date(hire.delivered_at);
    // One uncontested hire in progress was delivered twice: the brand asked for changes on a post, the influencer
    // delivered again (the page's "Earlier deliveries"). Its first delivery is written first: the newest id is current.
    const redelivered =
      redeliveryLeft > 0 && hire.status === "PROGRESS" && hire.contest_id === null && notFoundLeft === 0
        ? await seedEarlierDelivery(ctx, hire, lines, deliveredAt)
        : null;
    if (redelivered) {
      redeliveryLeft -= 1;
      drafts.push(redelivered.screenshot);
    }
    const stateOf = (index: number, network: NetworkType): PostCheckState => {
      if (!CHECKED.has(network)) return "unverifiable";
      if (index === 0 && notFoundLeft > 0 && hire.contest_id === null) {
        notFoundLeft -= 1;
        return "not_found";
      }
      return "verified";
    };
    const written = await writeDelivery(ctx, rng, hire, lines, {
      deliveredAt,
      contestRequestId: hire.contest_id,
      note: rng.chance(0.5) ? rng.pick(NOTES) : null,
      stateOf,
      ...(redelivered ? { kept: redelivered.kept } : {}),
    });
    drafts.push(written.screenshot);
    // The first contest names one post (the demo's "request changes" on a post); the others the whole delivery.
    const named = written.postIds[0];
    if (hire.contest_id !== null && namedContestLeft > 0 && named !== undefined) {
      namedContestLeft -= 1;
      await ctx.db.insert(contestedPosts).values({ arbitrationRequestId: hire.contest_id, deliveredPostId: named });
    }
  }
  return { deliveries: drafts.length, files: drafts };
}

interface DeliveryDraft {
  deliveredAt: Date;
  contestRequestId: number | null;
  note: string | null;
  stateOf: (index: number, network: NetworkType) => PostCheckState;
  /** The posts delivered again as they were (those the brand did not ask to change), by network. */
  kept?: ReadonlyMap<NetworkType, PostLink>;
}

type PostLink = { url: string; postId: string | null };

/**
 * One delivery of a hire at `deliveredAt`: a screenshot sent in the chat ten minutes before, a post per hired
 * network with its check (a verified post with its statistics' readings and, on YouTube, the thumbnail the API
 * gives), and the posts' links on the price lines (a later delivery's replace them, as work done does).
 */
async function writeDelivery(
  ctx: SeedContext,
  rng: Random,
  hire: DeliveredHire,
  lines: readonly HiredLine[],
  draft: DeliveryDraft,
): Promise<{ screenshot: FileDraft; postIds: number[]; links: PostLink[] }> {
  const { deliveredAt } = draft;
  const screenshot = screenshotOf(rng, hire, deliveredAt);
  const { bytes: _bytes, ...fileRow } = screenshot;
  await ctx.db.insert(files).values(fileRow);
  await ctx.db.execute(sql`
    insert into chat_messages (application_id, sender_id, type, file_id, created_at)
    values (${hire.id}, ${hire.influencer_id}, 'file', ${screenshot.id}, ${screenshot.createdAt?.toISOString()}::timestamptz)`);

  const [delivery] = await ctx.db
    .insert(deliveries)
    .values({
      applicationId: hire.id,
      userId: hire.influencer_id,
      note: draft.note,
      contestRequestId: draft.contestRequestId,
      deliveredAt,
    })
    .returning({ id: deliveries.id });
  if (!delivery) throw new Error(`seed: delivery of application ${hire.id} not written`);
  await ctx.db.insert(deliveryFiles).values({ deliveryId: delivery.id, fileId: screenshot.id, position: 0 });

  const postIds: number[] = [];
  const links: PostLink[] = [];
  for (const [index, line] of lines.entries()) {
    const state = draft.stateOf(index, line.network_type);
    // Drawn even when kept, so that the draws after it stay as they were.
    const drawn = postUrl(rng, line.network_type);
    const post = draft.kept?.get(line.network_type) ?? drawn;
    links.push(post);
    const checkedAt = new Date(deliveredAt.getTime() + rng.int(1, 10) * 60 * 1000);
    const readings = state === "verified" ? statisticsOf(rng, deliveredAt, ctx.clock.now) : [];
    const latest = readings[readings.length - 1];
    const [row] = await ctx.db
      .insert(deliveredPosts)
      .values({
        deliveryId: delivery.id,
        networkType: line.network_type,
        networkId: line.network_id,
        url: post.url,
        postId: post.postId,
        checkState: state,
        checkedAt,
        checkAttempts: 1,
        publishedAt: state === "verified" ? new Date(deliveredAt.getTime() - rng.int(1, 20) * HOUR_MS) : null,
        thumbnailUrl: state === "verified" ? thumbnailOf(line.network_type, post.postId) : null,
        views: latest?.views ?? null,
        likes: latest?.likes ?? null,
        comments: latest?.comments ?? null,
      })
      .returning({ id: deliveredPosts.id });
    if (!row) throw new Error(`seed: post of application ${hire.id} not written`);
    postIds.push(row.id);
    if (readings.length > 0)
      await ctx.db
        .insert(postStatisticsSnapshots)
        .values(readings.map((reading) => ({ deliveredPostId: row.id, ...reading })));
    await ctx.db.execute(sql`
      update application_prices set link = ${post.url}
      where application_id = ${hire.id} and network_type = ${line.network_type}`);
  }
  return { screenshot, postIds, links };
}

/** The thumbnail a network's API gives with a found post: YouTube's (videos.list's snippet), the sandbox's too. */
function thumbnailOf(network: NetworkType, postId: string | null): string | null {
  return network === "youtube" && postId ? `https://i.ytimg.com/vi/${postId}/hqdefault.jpg` : null;
}

/** How long before the current delivery the first one was made, and the brand's request for changes. */
const FIRST_DELIVERY_BEFORE_MS = 3 * DAY_MS;
const CHANGES_BEFORE_MS = 2 * DAY_MS;
const CHANGES_TEXT =
  "The first link opens another account's post: please send the link of the one you published for us.";

/**
 * The first delivery of a hire delivered again, written as work done and request changes write them: a work_done
 * line, the delivery (its first post another account's: other_account), then the brand's contest naming that post
 * (a work_not_done line and the request for arbitration, settled by the second delivery). Answers its screenshot and
 * the posts the second delivery keeps (all but the named one); null when the hire was paid too late for a first
 * delivery three days before its current one.
 */
async function seedEarlierDelivery(
  ctx: SeedContext,
  hire: DeliveredHire,
  lines: readonly HiredLine[],
  deliveredAt: Date,
): Promise<{ screenshot: FileDraft; kept: Map<NetworkType, PostLink> } | null> {
  const rng = ctx.random("redelivery");
  const firstAt = new Date(deliveredAt.getTime() - FIRST_DELIVERY_BEFORE_MS);
  const changesAt = new Date(deliveredAt.getTime() - CHANGES_BEFORE_MS);
  const [paid] = rowsOf<{ paid: boolean }>(
    await ctx.db.execute(sql`select paid_at < ${firstAt.toISOString()}::timestamptz - interval '1 hour' as paid
      from applications where id = ${hire.id}`),
  );
  if (!paid?.paid) return null;
  const releaseDate = new Date(firstAt.getTime() + 10 * DAY_MS).toISOString();
  await ctx.db.execute(sql`
    insert into chat_messages (application_id, sender_id, type, payload, created_at)
    values (${hire.id}, ${hire.influencer_id}, 'work_done',
      ${JSON.stringify({ type: "work_done", moneyReleaseDate: releaseDate })}::jsonb, ${firstAt.toISOString()}::timestamptz)`);
  const [request] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`
      insert into arbitration_requests (application_id, user_id, kind, text, created_at, resolved_at)
      values (${hire.id}, ${hire.brand_id}, 'contest', ${CHANGES_TEXT}, ${changesAt.toISOString()}::timestamptz,
        ${deliveredAt.toISOString()}::timestamptz)
      returning id`),
  );
  if (!request) throw new Error(`seed: the request for changes of application ${hire.id} not written`);
  const first = await writeDelivery(ctx, rng, hire, lines, {
    deliveredAt: firstAt,
    contestRequestId: request.id,
    note: null,
    stateOf: (index, network) => (!CHECKED.has(network) ? "unverifiable" : index === 0 ? "other_account" : "verified"),
  });
  await ctx.db.execute(sql`
    insert into chat_messages (application_id, sender_id, type, text, created_at)
    values (${hire.id}, ${hire.brand_id}, 'work_not_done', ${CHANGES_TEXT}, ${changesAt.toISOString()}::timestamptz)`);
  const named = first.postIds[0];
  if (named !== undefined) {
    await ctx.db.insert(contestedPosts).values({ arbitrationRequestId: request.id, deliveredPostId: named });
  }
  const kept = new Map(
    lines.flatMap((line, index) => {
      const link = first.links[index];
      return index > 0 && link ? [[line.network_type, link] as const] : [];
    }),
  );
  return { screenshot: first.screenshot, kept };
}

const NOTES = [
  "Posted at 6 pm as agreed; the screenshot shows the first hour's reach.",
  "The caption has the discount code and the link in bio is live for 30 days.",
  "Here is the post and the story screenshot. Happy to adjust anything.",
];

/** A post URL of the network, as the influencer would paste it, read by the contracts' rule (normalized). */
function postUrl(rng: Random, network: NetworkType): { url: string; postId: string | null } {
  const code = (length: number) =>
    Array.from({ length }, () =>
      rng.pick([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"]),
    ).join("");
  const digits = (length: number) =>
    String(rng.int(1, 9)) + Array.from({ length: length - 1 }, () => rng.int(0, 9)).join("");
  const pasted: Record<NetworkType, () => string> = {
    youtube: () => `https://youtu.be/${code(11)}`,
    instagram: () => `https://www.instagram.com/p/${code(11)}/`,
    twitter: () => `https://x.com/creator_${code(4).replace(/-/g, "_")}/status/${digits(19)}`,
    facebook: () => `https://www.facebook.com/creatorpage/posts/${digits(16)}`,
    snapchat: () => `https://www.snapchat.com/spotlight/${code(20)}`,
    pinterest: () => `https://www.pinterest.com/pin/${digits(18)}/`,
    tumblr: () => `https://creator-notes.tumblr.com/post/${digits(12)}`,
    blog: () => `https://blog.example.com/reviews/${code(8).toLowerCase().replace(/[_-]/g, "x")}`,
  };
  const read = parsePostUrl(network, pasted[network]());
  if (!read.ok) throw new Error(`seed: a ${network} post URL the rules refuse`);
  return { url: read.url, postId: read.postId };
}

/** The readings a verified post has by now: at delivery, and one and seven days after when that time has come. */
function statisticsOf(rng: Random, deliveredAt: Date, now: Date) {
  const views = rng.int(2_000, 80_000);
  // Every draw made whatever the hour, so that the seed's later draws stay as they were.
  const drawn = [1, rng.between(1.5, 2.5), rng.between(2.5, 4)].map((growth) => ({
    growth,
    likeRate: rng.between(0.02, 0.08),
    commentRate: rng.between(0.001, 0.006),
  }));
  const kinds = [
    { kind: "initial" as const, afterMs: 5 * 60 * 1000 },
    { kind: "day1" as const, afterMs: DAY_MS },
    { kind: "day7" as const, afterMs: 7 * DAY_MS },
  ];
  return kinds
    .map(({ kind, afterMs }, index) => {
      const { growth, likeRate, commentRate } = drawn[index] ?? { growth: 1, likeRate: 0, commentRate: 0 };
      return {
        kind,
        takenAt: new Date(deliveredAt.getTime() + afterMs),
        views: Math.round(views * growth),
        likes: Math.round(views * growth * likeRate),
        comments: Math.round(views * growth * commentRate),
      };
    })
    .filter((reading, index) => index === 0 || reading.takenAt.getTime() <= now.getTime());
}

/** The screenshot handed over with a delivery: a chat file of the influencer's, ten minutes before it. */
function screenshotOf(rng: Random, hire: DeliveredHire, deliveredAt: Date): FileDraft {
  const id = rng.uuid();
  const bytes = drawDealImage(rng, rng.pick(CATEGORIES));
  return {
    id,
    ownerId: hire.influencer_id,
    purpose: "chat_file",
    storageKey: `seed/${id}`,
    originalName: "post-screenshot.png",
    contentType: "image/png",
    sizeBytes: bytes.byteLength,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    createdAt: new Date(deliveredAt.getTime() - 10 * 60 * 1000),
    bytes,
  };
}
