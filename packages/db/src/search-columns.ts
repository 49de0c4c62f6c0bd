import { ENGAGEMENT_THRESHOLDS } from "@market/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";

/** Paid hires count toward hired_count (spec sort hired_p). */
const HIRED_STATUSES = sql.raw(`'PROGRESS', 'COMPLETE'`);

/**
 * The networks an influencer may apply with (spec section 6): verified and not conflicting. The SQL twin of
 * contracts' canApplyWith; search counts only these, so an unverified account or one shared with another
 * influencer adds to nobody's reach, network types or engagement.
 */
export const APPLICABLE_NETWORK = sql`(is_verified and not is_conflicting)`;

/**
 * The network-derived search columns, one row per user (user_id, total_reach, max_engagement,
 * network_types, engagement_levels, audience_quality), from any relation with the networks table's user_id, type,
 * followers, engagement, audience_quality, is_verified and is_conflicting columns: the table itself, or rows the scale seed is
 * generating. Only the networks one may apply with count (APPLICABLE_NETWORK).
 */
export function networkSearchColumns(source: SQL, where: SQL = sql`true`): SQL {
  return sql`
    select
      user_id,
      sum(followers)::bigint as total_reach,
      coalesce(max(engagement), 0) as max_engagement,
      array_agg(distinct type order by type) as network_types,
      coalesce(array_agg(distinct case
        when engagement >= ${ENGAGEMENT_THRESHOLDS.high} then 'high'
        when engagement >= ${ENGAGEMENT_THRESHOLDS.medium} then 'medium'
        else 'low' end) filter (where engagement is not null), '{}') as engagement_levels,
      coalesce(max(audience_quality), 0)::smallint as audience_quality
    from ${source}
    where ${APPLICABLE_NETWORK} and ${where}
    group by user_id`;
}

/** The keyword box matches this text. */
export function searchTextOf(username: SQL, city: SQL, country: SQL): SQL {
  return sql`lower(${username} || ' ' || coalesce(${city}, '') || ' ' || coalesce(${country}, ''))`;
}

/**
 * Recomputes the denormalized search columns of influencer_profiles (see the table's comments) from
 * networks, applications and users, for the given influencers or all of them. Services call it after
 * any write that changes an input, inside the same transaction.
 *
 * One set-based UPDATE: the aggregates are grouped subqueries joined by user id rather than LATERAL
 * subqueries, because PostgreSQL forbids an UPDATE's FROM from referencing the target table, and a
 * grouped hash aggregate is also what keeps the all-rows case fast at a million influencers.
 *
 * The average fee is over each application's total_price_cents, which refreshApplicationTotals keeps equal to the
 * sum of its prices after every write of them (a proposal has one price at least): summing application_prices again
 * per application made this, run on every proposal sent or updated, cost 3 ms for an influencer with 2,000
 * applications (issue 33). Values equal to the stored ones change nothing: the caches' triggers fire on a changed
 * row only (drizzle/0054_changed_rows_only.sql).
 */
export async function refreshInfluencerSearchColumns(db: Db, userIds?: readonly number[]): Promise<void> {
  if (userIds?.length === 0) return;
  const only = (column: SQL) => (userIds ? sql`${column} = any(${sql.param([...userIds])}::int[])` : sql`true`);

  await db.execute(sql`
    update influencer_profiles p set
      total_reach = coalesce(n.total_reach, 0),
      max_engagement = coalesce(n.max_engagement, 0),
      network_types = coalesce(n.network_types, '{}'),
      engagement_levels = coalesce(n.engagement_levels, '{}'),
      audience_quality = coalesce(n.audience_quality, 0),
      average_fee_cents = f.average_fee_cents,
      hired_count = coalesce(f.hired_count, 0),
      cost_per_follower = case when n.total_reach > 0
        then f.average_fee_cents::float8 / n.total_reach end,
      cost_per_engagement = case when n.total_reach > 0 and n.max_engagement > 0
        then f.average_fee_cents::float8 / (n.total_reach * n.max_engagement / 100) end,
      search_text = ${searchTextOf(sql`u.username`, sql`p.city`, sql`p.country`)}
    from users u
    left join (${networkSearchColumns(sql`networks`, only(sql`user_id`))}) n on n.user_id = u.id
    left join (
      select
        a.influencer_id,
        round(avg(a.total_price_cents))::int as average_fee_cents,
        count(*) filter (where a.status in (${HIRED_STATUSES})) as hired_count
      from applications a
      where ${only(sql`a.influencer_id`)}
      group by a.influencer_id
    ) f on f.influencer_id = u.id
    where u.id = p.user_id and ${only(sql`p.user_id`)}
  `);
}
