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

async function readHires(db: Db, scope: ReportHires): Promise<ReportHire[]> {
  const rows = await db
    .select({
      applicationId: applications.id,
      dealId: deals.id,
      title: deals.title,
      influencerId: users.id,
      username: users.username,
      paidAt: applications.paidAt,
      refundedAt: applications.refundedAt,
      paidCents: applications.paidAmountCents,
      prices: hiredPricesSql(),
    })
    .from(applications)
    .innerJoin(deals, eq(deals.id, applications.dealId))
    .innerJoin(users, eq(users.id, applications.influencerId))
    .where(hiresWhere(scope));
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

interface PostReadingRow {
  application_id: number;
  post_id: number;
  network_type: NetworkType;
  taken_at: Date | string | null;
  views: string | number | null;
  likes: string | number | null;
  comments: string | number | null;
}

/**
 * The posts of each hire's current delivery (its newest: deliveries_application_idx) with every statistics
 * reading (the snapshots' key), one row per reading, in one statement over the same hires.
 */
async function readPosts(db: Db, scope: ReportHires): Promise<ReportPost[]> {
  const rows = rowsOf<PostReadingRow>(
    await db.execute(sql`
      select ${applications.id} as application_id, p.id as post_id, p.network_type,
        s.taken_at, s.views, s.likes, s.comments
      from ${applications}
        cross join lateral (select d.id from deliveries d where d.application_id = ${applications.id}
          order by d.id desc limit 1) as current_delivery
        join delivered_posts p on p.delivery_id = current_delivery.id
        left join post_statistics_snapshots s on s.delivered_post_id = p.id
      where ${hiresWhere(scope)}
      order by p.id, s.taken_at`),
  );
  const posts = new Map<number, ReportPost>();
  for (const row of rows) {
    let post = posts.get(row.post_id);
    if (!post) {
      post = { applicationId: row.application_id, network: row.network_type, readings: [] };
      posts.set(row.post_id, post);
    }
    if (row.taken_at !== null) {
      post.readings.push({
        takenAt: new Date(row.taken_at),
        views: Number(row.views ?? 0),
        likes: Number(row.likes ?? 0),
        comments: Number(row.comments ?? 0),
      });
    }
  }
  return [...posts.values()];
}

/** The hires of the scope and their posts: two statements, sent together. */
export async function readReportRows(
  db: Db,
  scope: ReportHires,
): Promise<{ hires: ReportHire[]; posts: ReportPost[] }> {
  const [hires, posts] = await Promise.all([readHires(db, scope), readPosts(db, scope)]);
  return { hires, posts };
}
