import { createHash } from "node:crypto";
import { FLAG_REASON_LABELS, FLAG_REASONS, type FlagReason } from "@market/contracts";
import { eq } from "drizzle-orm";
import { files, influencerFlagFiles, influencerFlags, notifications, users } from "../schema";
import type { FileDraft } from "./application-chat";
import type { SeedContext } from "./context";
import type { SeededInfluencer } from "./influencers";

/** What the admin wrote on each seeded flag: one per reason, in turn. */
const NOTES: Record<FlagReason, string> = {
  fake_followers: "Follower count jumped by 40,000 in two days, mostly from accounts with no posts.",
  engagement_pods: "The same 30 accounts like every post within a minute of publishing.",
  impersonation: "The profile picture belongs to another creator.",
  misleading_stats: "The audience shown does not match the network's own insights.",
  other: "",
};

const APPEAL_TEXT =
  "My followers are real: the jump came from a feature on a national TV show that week. I attach the insights export of that week showing where they came from.";

const UPHELD_APPEAL_TEXT = "These likes come from my friends, they are not a pod.";

/**
 * The flags of the demo (issue 36, point 5): every influencer seeded maybe_fake gets a standing flag by the admin,
 * with a reason and a note. The first has appealed with a text and a file (the appeals queue's content); the second
 * appealed before and was told the flag stays. The demo influencer is never among them (influencers.ts keeps it
 * out of the fakes), so the demo login stays usable. Returns the appeal file, for the file store.
 */
export async function seedConsoleFlags(
  ctx: SeedContext,
  influencers: readonly SeededInfluencer[],
): Promise<FileDraft[]> {
  const [admin] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  if (!admin) return [];
  const flagged = influencers.filter((influencer) => influencer.maybeFake && !influencer.isDemo);
  const drafts: FileDraft[] = [];
  for (const [index, influencer] of flagged.entries()) {
    const reason = FLAG_REASONS[index % FLAG_REASONS.length] ?? "other";
    const note = NOTES[reason];
    const flaggedAt = ctx.clock.ago(12 - index * 0.5, ctx.clock.now);
    const appealed = index === 0 || index === 1;
    const appealedAt = appealed ? ctx.clock.ago(3 - index, ctx.clock.now) : null;
    const decidedAt = index === 1 ? ctx.clock.ago(1, ctx.clock.now) : null;
    const [flag] = await ctx.db
      .insert(influencerFlags)
      .values({
        influencerId: influencer.id,
        reason,
        note,
        flaggedAt,
        flaggedBy: admin.id,
        appealText: appealed ? (index === 0 ? APPEAL_TEXT : UPHELD_APPEAL_TEXT) : null,
        appealedAt,
        ...(decidedAt
          ? {
              decision: "uphold" as const,
              decisionReason: "The same accounts still like every post within a minute; that is a pod.",
              decidedAt,
              decidedBy: admin.id,
            }
          : {}),
      })
      .returning({ id: influencerFlags.id });
    if (!flag) throw new Error("seeded flag not inserted");
    const why = note ? `${FLAG_REASON_LABELS[reason]}: ${note}` : FLAG_REASON_LABELS[reason];
    await ctx.db.insert(notifications).values({
      userId: influencer.id,
      type: "flagged",
      text: `Your profile was flagged as possibly fake (${why.replace(/\.+$/, "")}). Brands see a warning on it. You may appeal once from your account.`,
      createdAt: flaggedAt,
      mailedAt: flaggedAt,
    });
    if (index === 0 && appealedAt) drafts.push(await attachInsights(ctx, flag.id, influencer, appealedAt));
  }
  return drafts;
}

/** The pending appeal's file: a CSV of the week's follower sources, private to the influencer and admins. */
async function attachInsights(ctx: SeedContext, flagId: number, influencer: SeededInfluencer, at: Date) {
  const bytes = new TextEncoder().encode(
    "day,new_followers,source\nmon,1200,search\ntue,38500,tv feature\nwed,900,search\n",
  );
  const id = ctx.random(`flag-file-${influencer.id}`).uuid();
  const draft: FileDraft = {
    id,
    ownerId: influencer.id,
    purpose: "appeal_file",
    storageKey: `seed/${id}`,
    originalName: "insights-week.csv",
    contentType: "text/csv",
    sizeBytes: bytes.byteLength,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    createdAt: at,
    bytes,
  };
  const { bytes: _bytes, ...row } = draft;
  await ctx.db.insert(files).values(row);
  await ctx.db.insert(influencerFlagFiles).values({ flagId, fileId: id });
  return draft;
}
