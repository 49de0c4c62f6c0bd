import { z } from "zod";
import { adminReason, consoleCursor } from "./admin-console";
import { rowId } from "./ids";

/**
 * Flags with reasons and an appeal (issue 36, point 5). An admin marks an influencer FAKE for one of these reasons
 * (and a note); the influencer reads both on their account, may appeal once per flag with a text and files, and is
 * told the decision: the flag upheld, or lifted.
 */
export const FLAG_REASONS = [
  "fake_followers",
  "engagement_pods",
  "impersonation",
  "misleading_stats",
  "other",
] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export const flagReason = z.enum(FLAG_REASONS, { error: "Choose a reason from the list." });

/** How the influencer and the console name each reason (mails and notifications too: one source). */
export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  fake_followers: "Fake or bought followers",
  engagement_pods: "Engagement pods or bought engagement",
  impersonation: "Impersonating someone else",
  misleading_stats: "Misleading statistics",
  other: "Other",
};

export const FLAG_NOTE_MAX = 1000;
/** The admin's note to the influencer: optional, at most FLAG_NOTE_MAX characters. */
export const flagNote = z.string().trim().max(FLAG_NOTE_MAX, `At most ${FLAG_NOTE_MAX} characters.`);

/** The appeal's text: what the influencer has to say, 10 to 2,000 characters. */
export const APPEAL_TEXT_MIN = 10;
export const APPEAL_TEXT_MAX = 2000;
/** Files an appeal may carry (screenshots of analytics, an ID document). */
export const APPEAL_FILES_MAX = 5;

export const FLAG_DECISIONS = ["uphold", "lift"] as const;
export type FlagDecision = (typeof FLAG_DECISIONS)[number];

/**
 * `admin.console.flags.flag`: the influencer by id or username. The impersonating path's REST shim
 * (POST /admin/api/influencers/{id}/ko) takes the same reason and note, both optional there.
 */
export const consoleFlagInput = z.object({
  influencer: z.union([rowId, z.string().trim().min(1).max(64)]),
  reason: flagReason,
  note: flagNote.default(""),
});
export type ConsoleFlagInput = z.input<typeof consoleFlagInput>;

/** The optional body of POST /admin/api/influencers/{id}/ko: without it, the reason is `other` with no note. */
export const flagReasonBody = z.object({ reason: flagReason.default("other"), note: flagNote.default("") });

/** The flags queue's two tabs: flags standing (either order), and appeals awaiting a decision (oldest first). */
export const FLAG_TABS = ["flagged", "appeals"] as const;
export type FlagTab = (typeof FLAG_TABS)[number];

export const flagListInput = z.object({
  tab: z.enum(FLAG_TABS).default("appeals"),
  /** Flags standing only; appeals are always oldest first. */
  order: z.enum(["oldest", "newest"]).default("oldest"),
  cursor: consoleCursor,
});
export type FlagListInput = z.input<typeof flagListInput>;

export const flagIdInput = z.object({ flagId: rowId });

export const decideAppealInput = z.object({
  flagId: rowId,
  decision: z.enum(FLAG_DECISIONS),
  reason: adminReason,
});
export type DecideAppealInput = z.input<typeof decideAppealInput>;

/** `account.appealFlag`: the text, and the files uploaded before (POST /api/account/flag/files). */
export const appealFlagInput = z.object({
  text: z
    .string()
    .trim()
    .min(APPEAL_TEXT_MIN, `At least ${APPEAL_TEXT_MIN} characters.`)
    .max(APPEAL_TEXT_MAX, `At most ${APPEAL_TEXT_MAX} characters.`),
  fileIds: z.array(z.uuid()).max(APPEAL_FILES_MAX, `At most ${APPEAL_FILES_MAX} files.`).default([]),
});
export type AppealFlagInput = z.input<typeof appealFlagInput>;

/** A file of an appeal; `url` is GET /files/{id} (the influencer and admins only). */
export interface AppealFileView {
  id: string;
  name: string;
  type: string;
  sizeBytes: number;
  url: string;
}

export interface FlagDecisionView {
  decision: FlagDecision;
  reason: string;
  at: string;
}

/** A flag as its influencer reads it on their account. */
export interface MyFlagView {
  id: number;
  reason: FlagReason;
  note: string;
  flaggedAt: string;
  /** The flag stands (maybeFake): brands see the warning. */
  standing: boolean;
  appeal: { text: string; at: string; files: AppealFileView[] } | null;
  decision: FlagDecisionView | null;
  /** No appeal yet on this standing flag. */
  canAppeal: boolean;
}

/** A row of the flags queue. */
export interface FlagQueueRow {
  id: number;
  influencer: { id: number; username: string };
  reason: FlagReason;
  note: string;
  flaggedAt: string;
  flaggedBy: { id: number; username: string } | null;
  appealedAt: string | null;
}

export interface FlagQueuePage {
  rows: FlagQueueRow[];
  nextCursor: string | null;
}

/** A flag with its appeal, as the console's appeal panel shows it. */
export interface FlagDetailView extends FlagQueueRow {
  standing: boolean;
  appeal: { text: string; at: string; files: AppealFileView[] } | null;
  decision: (FlagDecisionView & { by: { id: number; username: string } | null }) | null;
}

export interface FlagResult {
  flagId: number;
  influencerId: number;
  status: "FAKE" | "GOOD";
}
