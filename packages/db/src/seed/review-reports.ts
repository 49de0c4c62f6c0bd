import { sql } from "drizzle-orm";
import { rowsOf } from "../client";
import type { SeedContext } from "./context";

/**
 * The console's reported reviews of the demo (issue 40, point 3): two published reviews of brands reported by
 * another influencer, waiting for an admin, and one published feedback on an influencer reported by another brand
 * and hidden by the admin yesterday, with its `review_hide` row and reason in the audit log. The oldest published
 * ones, so the demo accounts' newest reviews stay on their profiles.
 */
export async function seedReviewReports(ctx: SeedContext): Promise<{ reviewReports: number }> {
  // Instants as text: postgres.js takes no Date in raw SQL.
  const now = ctx.clock.now.toISOString();
  const reportedAt = ctx.clock.ago(2, ctx.clock.now).toISOString();
  const hiddenAt = ctx.clock.ago(1, ctx.clock.now).toISOString();
  const rows = rowsOf<{ count: number }>(
    await ctx.db.execute(sql`
      with admin as (select id from users where is_admin order by id limit 1),
      of_brand as (
        select r.application_id, 'of_brand' as side,
          (select u.id from users u where u.kind = 'influencer' and not u.is_admin and u.id <> r.influencer_id
            order by u.id limit 1) as reporter_id,
          'false' as reason, 'We worked with this brand twice: it paid on the day both times.' as note
        from brand_reviews r where r.published_at <= ${now}::timestamptz and r.hidden_at is null
        order by r.published_at, r.application_id limit 2
      ),
      of_influencer as (
        select f.application_id, 'of_influencer' as side,
          (select u.id from users u join applications a on a.id = f.application_id
            where u.kind = 'brand' and not u.is_admin and u.id <> a.brand_id order by u.id limit 1) as reporter_id,
          'offensive' as reason, 'The comment insults the creator rather than judging the work.' as note
        from feedback f where f.published_at <= ${now}::timestamptz and f.hidden_at is null
        order by f.published_at, f.application_id limit 1
      ),
      reported as (
        insert into review_reports (application_id, side, reporter_id, reason, note, created_at)
        select application_id, side, reporter_id, reason, note, ${reportedAt}::timestamptz
        from (select * from of_brand union all select * from of_influencer) reports
        returning application_id, side
      ),
      hidden as (
        update feedback f set hidden_at = ${hiddenAt}::timestamptz
        from of_influencer o where f.application_id = o.application_id
        returning f.application_id
      ),
      audited as (
        insert into admin_audit_log
          (admin_id, impersonated_user_id, action, target_type, target_id, reason, details, created_at)
        select admin.id, null, 'review_hide', 'application', hidden.application_id::text,
          'Checked against the chat: the comment is about the person, not the work.',
          jsonb_build_object('side', 'of_influencer'), ${hiddenAt}::timestamptz
        from hidden, admin
        returning 1
      )
      select (select count(*) from reported)::int as count`),
  );
  return { reviewReports: rows[0]?.count ?? 0 };
}
