import type { FlagQueueRow, FlagReason } from "@market/contracts";
import { alias, type Db, eq, influencerFlags, users } from "@market/db";
import { consoleMicrosOf } from "../keyset";

const influencer = alias(users, "flag_influencer");
const flaggedBy = alias(users, "flag_admin");

/** A select of flags with their influencer's and admin's names, and the queue's time in microseconds. */
export function selectFlags(db: Db, time: typeof influencerFlags.flaggedAt | typeof influencerFlags.appealedAt) {
  return db
    .select({
      flag: influencerFlags,
      micros: consoleMicrosOf(time),
      influencerUsername: influencer.username,
      flaggedByUsername: flaggedBy.username,
    })
    .from(influencerFlags)
    .innerJoin(influencer, eq(influencer.id, influencerFlags.influencerId))
    .leftJoin(flaggedBy, eq(flaggedBy.id, influencerFlags.flaggedBy));
}

type FlagSelectRow = Awaited<ReturnType<ReturnType<typeof selectFlags>["execute"]>>[number];

export function flagQueueRow(row: FlagSelectRow): FlagQueueRow {
  const { flag } = row;
  return {
    id: flag.id,
    influencer: { id: flag.influencerId, username: row.influencerUsername },
    reason: flag.reason as FlagReason,
    note: flag.note,
    flaggedAt: flag.flaggedAt.toISOString(),
    flaggedBy:
      flag.flaggedBy === null || row.flaggedByUsername === null
        ? null
        : { id: flag.flaggedBy, username: row.flaggedByUsername },
    appealedAt: flag.appealedAt?.toISOString() ?? null,
  };
}
