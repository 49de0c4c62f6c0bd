import type { NetworkType } from "@market/contracts";
import {
  and,
  applicationPrices,
  applications,
  type Db,
  deals,
  eq,
  gte,
  isNotNull,
  lt,
  rowsOf,
  type SQL,
  sql,
  type Tx,
  users,
} from "@market/db";

/** A paid hire of the report, with what it cost (B, and P per hired network). */
export interface ReportHire {
  applicationId: number;
  campaign: { id: number; title: string };
  influencer: { id: number; username: string };
  paidAt: Date;
  refundedAt: Date | null;
  paidCents: number;
  /** The hired networks' prices P, by network. */
  prices: { network: NetworkType; cents: number }[];
}

/** A statistics reading of a post: counts the network gave at `takenAt`. */
export interface ReportReading {
  takenAt: Date;
  views: number;
  likes: number;
  comments: number;
}

/** A post of a hire's current delivery, with its readings oldest first (none while unverified). */
export interface ReportPost {
  applicationId: number;
  network: NetworkType;
  readings: ReportReading[];
}

/** Which hires a report covers: one campaign's, or the brand's paid within [start, end). */
export type ReportHires = { dealId: number } | { brandId: number; start: Date; end: Date };

/**
 * The hires' condition over `applications`: a campaign's walks applications_deal_paid_idx, a period's
 * applications_brand_paid_idx (brand, paid_at), both bounded by the campaign or the period.
 */
function hiresWhere(scope: ReportHires): SQL | undefined {
  return "dealId" in scope
    ? and(eq(applications.dealId, scope.dealId), isNotNull(applications.paidAt))
    : and(
        eq(applications.brandId, scope.brandId),
        gte(applications.paidAt, scope.start),
        lt(applications.paidAt, scope.end),
      );
}

/** P per hired network of the row's application, as one JSON array (a probe of application_prices' key). */
const hiredPricesSql = (): SQL<{ network: NetworkType; cents: number }[]> =>
  sql`(select coalesce(json_agg(json_build_object('network', ${applicationPrices.networkType},
      'cents', ${applicationPrices.priceCents}) order by ${applicationPrices.networkType}), '[]')
    from ${applicationPrices} where ${applicationPrices.applicationId} = ${applications.id} and ${applicationPrices.hired})`;

/**
 * The hires of the scope with their money, one row each (exported for scripts/report-plans.ts's EXPLAIN). The
 * campaign's title and the influencer's name are probes of their primary keys rather than joins: the plan stays a
 * walk of the hires' index whatever the planner guesses of their number (a hash join would read all users).
 */
export const hiresQuery = (db: Db | Tx, scope: ReportHires) =>
  db
    .select({
      applicationId: applications.id,
      dealId: applications.dealId,
      title: sql<string>`(select ${deals.title} from ${deals} where ${deals.id} = ${applications.dealId})`,
      influencerId: applications.influencerId,
      username: sql<string>`(select ${users.username} from ${users} where ${users.id} = ${applications.influencerId})`,
      paidAt: applications.paidAt,
      refundedAt: applications.refundedAt,
      paidCents: applications.paidAmountCents,
      prices: hiredPricesSql(),
    })
    .from(applications)
    .where(hiresWhere(scope));

async function readHires(db: Db | Tx, scope: ReportHires): Promise<ReportHire[]> {
  const rows = await hiresQuery(db, scope);
  return rows.map((row) => ({
    applicationId: row.applicationId,
    campaign: { id: row.dealId, title: row.title },
    influencer: { id: row.influencerId, username: row.username },
    paidAt: row.paidAt as Date,
    refundedAt: row.refundedAt,
    paidCents: row.paidCents,
    prices: row.prices,
  }));
}

interface PostRow {
  application_id: number;
  network_type: NetworkType;
  /** Oldest first, as JSON gives them: instants as ISO strings. */
  readings: { takenAt: string; views: number | null; likes: number | null; comments: number | null }[];
}

/**
 * The posts of each hire's current delivery (its newest: deliveries_application_idx), each with its statistics
 * readings oldest first as one JSON array (a probe of the snapshots' key), one row per post, in one statement over
 * the same hires. The readings are aggregated in a lateral subquery so that they are read post by post through the
 * key, never by a scan of every snapshot.
 */
export const postReadingsStatement = (scope: ReportHires): SQL => sql`
  select ${applications.id} as application_id, p.network_type, r.readings
  from ${applications}
    cross join lateral (select d.id from deliveries d where d.application_id = ${applications.id}
      order by d.id desc limit 1) as current_delivery
    join delivered_posts p on p.delivery_id = current_delivery.id
    cross join lateral (select coalesce(json_agg(json_build_object('takenAt', s.taken_at, 'views', s.views,
        'likes', s.likes, 'comments', s.comments) order by s.taken_at), '[]') as readings
      from post_statistics_snapshots s where s.delivered_post_id = p.id) as r
  where ${hiresWhere(scope)}`;

async function readPosts(db: Db | Tx, scope: ReportHires): Promise<ReportPost[]> {
  const rows = rowsOf<PostRow>(await db.execute(postReadingsStatement(scope)));
  return rows.map((row) => ({
    applicationId: row.application_id,
    network: row.network_type,
    readings: row.readings.map((reading) => ({
      takenAt: new Date(reading.takenAt),
      views: Number(reading.views ?? 0),
      likes: Number(reading.likes ?? 0),
      comments: Number(reading.comments ?? 0),
    })),
  }));
}

/**
 * The hires of the scope and their posts: two statements in one read-only transaction without JIT. Their plans are
 * walks of indexes bounded by the hires, but the planner cannot tell a campaign's or a brand's paid hires from its
 * unpaid proposals, so it may guess thousands of rows, pass jit_above_cost and spend 50-70 ms compiling a plan that
 * runs in 5 (scripts/report-plans.ts; docs/performance.md).
 */
export async function readReportRows(
  db: Db,
  scope: ReportHires,
): Promise<{ hires: ReportHire[]; posts: ReportPost[] }> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      const hires = await readHires(tx, scope);
      const posts = await readPosts(tx, scope);
      return { hires, posts };
    },
    { accessMode: "read only" },
  );
}
