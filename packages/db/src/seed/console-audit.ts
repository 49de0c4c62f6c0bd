import { sql } from "drizzle-orm";
import { rowsOf } from "../client";
import type { SeedContext } from "./context";

/**
 * The audit trail of what the demo's admin did before today (issue 36, point 6): each refunded hire and each closed
 * case of the seeded stories was an admin acting as the brand, so the log holds the impersonation (with its reason),
 * the action, and its end, at the story's own times. The console's audit view opens on them.
 */
export async function seedConsoleAudit(ctx: SeedContext): Promise<{ auditEntries: number }> {
  const rows = rowsOf<{ count: number }>(
    await ctx.db.execute(sql`
      with admin as (select id from users where is_admin order by id limit 1),
      acts as (
        select a.id as application_id, a.brand_id, a.refunded_at as at, 'refund' as action,
               'The brand reported that the work was never delivered; the influencer agreed to a refund.' as reason,
               jsonb_build_object('amountCents', a.paid_amount_cents) as details
        from applications a where a.refunded_at is not null
        union all
        select m.application_id, a.brand_id, m.created_at, 'close_case',
               'Both parties agreed in the chat to resume the countdown.', null
        from chat_messages m join applications a on a.id = m.application_id
        where m.type = 'case_closed'
      ),
      entries as (
        select admin.id as admin_id, acts.brand_id as acting_as, 'impersonate' as action, 'user' as target_type,
               acts.brand_id::text as target_id, acts.reason, jsonb_build_object('kind', 'brand') as details,
               acts.at - interval '4 minutes' as created_at
        from acts, admin
        union all
        select admin.id, acts.brand_id, acts.action, 'application', acts.application_id::text, acts.reason,
               acts.details, acts.at
        from acts, admin
        union all
        select admin.id, acts.brand_id, 'stop_impersonating', 'user', acts.brand_id::text, null, null,
               acts.at + interval '1 minute'
        from acts, admin
      ),
      inserted as (
        insert into admin_audit_log
          (admin_id, impersonated_user_id, action, target_type, target_id, reason, details, created_at)
        select * from entries order by created_at
        returning 1
      )
      select count(*)::int as count from inserted`),
  );
  return { auditEntries: rows[0]?.count ?? 0 };
}
