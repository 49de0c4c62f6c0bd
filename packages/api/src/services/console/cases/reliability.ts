import type { BrandReliability, InfluencerReliability } from "@market/contracts";
import { type Db, rowsOf, sql } from "@market/db";

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/**
 * An influencer's record over their hires (paid applications), in one statement on applications_influencer_paid_idx:
 * hires, the share released to them (completed), the share the brand contested (a work_not_done line, even one
 * answered since), and the hires refunded to the brand.
 */
export async function influencerReliability(db: Db, influencerId: number): Promise<InfluencerReliability> {
  const [row] = rowsOf<{ hires: number; completed: number; contested: number; refunds: number }>(
    await db.execute(sql`
      select count(*)::int as hires,
        count(*) filter (where a.released_at is not null)::int as completed,
        count(*) filter (where exists (
          select 1 from chat_messages m where m.application_id = a.id and m.type = 'work_not_done'))::int as contested,
        count(*) filter (where a.refunded_at is not null)::int as refunds
      from applications a
      where a.influencer_id = ${influencerId} and a.paid_at is not null`),
  );
  const hires = row?.hires ?? 0;
  return {
    hires,
    completedShare: share(row?.completed ?? 0, hires),
    contestedShare: share(row?.contested ?? 0, hires),
    refunds: row?.refunds ?? 0,
  };
}

/**
 * A brand's record over its hires, in one statement on applications_brand_paid_idx: hires, the share of its
 * releases made by the sweep at the end of its window rather than by the brand (a brand that never releases
 * leaves its influencers waiting ten days), and the contests it opened (work_not_done lines).
 */
export async function brandReliability(db: Db, brandId: number): Promise<BrandReliability> {
  const [row] = rowsOf<{ hires: number; released: number; automatic: number; contests: number }>(
    await db.execute(sql`
      select count(*)::int as hires,
        count(*) filter (where a.released_at is not null)::int as released,
        count(*) filter (where exists (
          select 1 from chat_messages m where m.application_id = a.id and m.type = 'money_released'
            and (m.payload ->> 'automatic')::boolean))::int as automatic,
        coalesce(sum((select count(*) from chat_messages m
          where m.application_id = a.id and m.type = 'work_not_done')), 0)::int as contests
      from applications a
      where a.brand_id = ${brandId} and a.paid_at is not null`),
  );
  const hires = row?.hires ?? 0;
  return {
    hires,
    autoReleasedShare: share(row?.automatic ?? 0, row?.released ?? 0),
    contestsOpened: row?.contests ?? 0,
  };
}
