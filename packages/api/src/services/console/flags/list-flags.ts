import { CONSOLE_PAGE_SIZE, type FlagQueuePage, type flagListInput } from "@market/contracts";
import { and, type Db, influencerFlags, isNotNull, isNull } from "@market/db";
import type { z } from "zod";
import { afterConsoleKey, consoleOrderBy, decodeConsoleKey, pageOf } from "../keyset";
import { flagQueueRow, selectFlags } from "./flag-rows";

/**
 * `admin.console.flags.list` (issue 36, point 2): the flags queue's two tabs, keyset-paged. `flagged`: the flags
 * standing, by flagged_at in either order (influencer_flags_standing_queue_idx); `appeals`: the appeals awaiting a
 * decision, oldest first (influencer_flags_appeal_queue_idx). Each walks its partial index, whatever the table's size.
 */
export async function listFlags(deps: { db: Db }, input: z.output<typeof flagListInput>): Promise<FlagQueuePage> {
  const key = decodeConsoleKey(input.cursor);
  const appeals = input.tab === "appeals";
  const time = appeals ? influencerFlags.appealedAt : influencerFlags.flaggedAt;
  const order = appeals ? "oldest" : input.order;
  const inQueue = appeals
    ? and(isNotNull(influencerFlags.appealedAt), isNull(influencerFlags.decidedAt))
    : isNull(influencerFlags.liftedAt);
  const rows = await selectFlags(deps.db, time)
    .where(and(inQueue, afterConsoleKey(key, order, time, influencerFlags.id)))
    .orderBy(...consoleOrderBy(order, time, influencerFlags.id))
    .limit(CONSOLE_PAGE_SIZE + 1);
  const page = pageOf(rows, CONSOLE_PAGE_SIZE, (row) => ({ micros: Number(row.micros), id: row.flag.id }));
  return { rows: page.rows.map(flagQueueRow), nextCursor: page.nextCursor };
}
