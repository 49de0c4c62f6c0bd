import { sql } from "drizzle-orm";
import { rowsOf } from "../client";
import type { SeedContext } from "./context";
import { DEMO_ACCOUNTS } from "./demo-logins";

const ARBITRATION_TEXT =
  "The influencer has not answered our messages for a week; we would like the platform to look at this hire.";

/**
 * The console's cases queue (issue 36) shows content in the demo: the stories already contest hires (progress_contested,
 * a contest and the influencer's request for arbitration, with their chat), so this adds the other kind, a request
 * for arbitration on a hire nobody contested: the demo brand asks on its running hire with the most chat (files
 * included when it has some), an hour ago; the countdown pauses with the time it had left, as the lifecycle does.
 * Answers how many requests it opened (0 when no running hire is left to ask on).
 */
export async function seedConsoleCases(ctx: SeedContext): Promise<{ consoleArbitrations: number }> {
  // As text with its cast: a Date parameter of raw SQL is not serialized by every driver (postgres.js refuses it).
  const at = sql`${new Date(ctx.clock.now.getTime() - 60 * 60 * 1000).toISOString()}::timestamptz`;
  const [hire] = rowsOf<{ id: number; brand_id: number; influencer_id: number; deal_id: number }>(
    await ctx.db.execute(sql`
      select a.id, a.brand_id, a.influencer_id, a.deal_id
      from applications a join users b on b.id = a.brand_id
      where a.status = 'PROGRESS' and a.money_release_date > ${at} and a.contested_at is null
        and a.arbitration_opened_at is null and a.refund_requested_at is null
      order by (b.email = ${DEMO_ACCOUNTS.brand.email}) desc,
        (select count(*) from chat_messages m where m.application_id = a.id and m.file_id is not null) desc,
        (select count(*) from chat_messages m where m.application_id = a.id) desc, a.id
      limit 1`),
  );
  if (!hire) return { consoleArbitrations: 0 };
  await ctx.db.execute(sql`
    update applications set
      release_remaining_ms = (extract(epoch from (money_release_date - ${at})) * 1000)::bigint,
      money_release_date = null,
      arbitration_opened_at = ${at}
    where id = ${hire.id}`);
  await ctx.db.execute(sql`
    insert into arbitration_requests (application_id, user_id, kind, text, created_at)
    values (${hire.id}, ${hire.brand_id}, 'help', ${ARBITRATION_TEXT}, ${at})`);
  await ctx.db.execute(sql`
    insert into chat_messages (application_id, sender_id, type, created_at)
    values (${hire.id}, ${hire.brand_id}, 'arbitration', ${at})`);
  await ctx.db.execute(sql`
    insert into notifications (user_id, type, application_id, deal_id, sender_id, created_at)
    values (${hire.influencer_id}, 'arbitration', ${hire.id}, ${hire.deal_id}, ${hire.brand_id}, ${at})`);
  return { consoleArbitrations: 1 };
}
