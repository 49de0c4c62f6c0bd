import {
  CONSOLE_PAGE_SIZE,
  CONSOLE_PAYOUT_STATES,
  type ConsolePayoutCounts,
  type ConsolePayoutPage,
  type consolePayoutListInput,
} from "@market/contracts";
import { and, type Db, eq, payouts, rowsOf, sql, users } from "@market/db";
import type { z } from "zod";
import type { Clock } from "../../../clock";
import { afterConsoleKey, consoleMicrosOf, consoleOrderBy, decodeConsoleKey, pageOf } from "../keyset";
import { consolePayoutView, payoutRowColumns } from "./payout-row";
import { providerSql, sinceColumn, stateCondition, stateParts } from "./queue-states";

type ListInput = z.output<typeof consolePayoutListInput>;

/**
 * The payouts queue (issue 36, point 2): one state's payouts, oldest first (the longest waiting on top), keyset-paged
 * by (since, id) on that state's partial index; the provider and the influencer narrow it.
 */
export async function listPayoutQueue(deps: { db: Db; clock: Clock }, input: ListInput): Promise<ConsolePayoutPage> {
  const key = decodeConsoleKey(input.cursor);
  const since = sinceColumn(input.state);
  const rows = await deps.db
    .select({ ...payoutRowColumns, micros: consoleMicrosOf(since) })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(
      and(
        stateCondition(input.state, deps.clock.now(), input.provider),
        input.provider === undefined ? undefined : sql`${providerSql} = ${input.provider}`,
        // users_username_lower_key finds the one user; their payouts then by payouts_user_requested_idx.
        input.username === undefined ? undefined : sql`lower(${users.username}) = lower(${input.username})`,
        afterConsoleKey(key, "oldest", since, payouts.id),
      ),
    )
    .orderBy(...consoleOrderBy("oldest", since, payouts.id))
    .limit(CONSOLE_PAGE_SIZE + 1);
  const page = pageOf(rows, CONSOLE_PAGE_SIZE, (row) => ({ micros: Number(row.micros), id: row.payout.id }));
  return { items: page.rows.map((row) => consolePayoutView(row, input.state)), nextCursor: page.nextCursor };
}

/** How many payouts each state holds now: three counts, each on its state's partial index (stuck: per provider). */
export async function countPayoutQueue(deps: { db: Db; clock: Clock }): Promise<ConsolePayoutCounts> {
  const now = deps.clock.now();
  const counts = await Promise.all(
    CONSOLE_PAYOUT_STATES.map(async (state) => {
      const parts = stateParts(state, now).map((part) => sql`(select count(*) from ${payouts} where ${part})`);
      const [row] = rowsOf<{ n: number | string }>(
        await deps.db.execute(sql`select ${sql.join(parts, sql` + `)} as n`),
      );
      return [state, Number(row?.n ?? 0)] as const;
    }),
  );
  return Object.fromEntries(counts) as ConsolePayoutCounts;
}
