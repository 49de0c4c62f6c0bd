import type { ApplicationCard } from "@market/contracts";
import {
  applications,
  brandProfiles,
  type Db,
  deals,
  eq,
  influencerProfiles,
  notifications,
  type Placeholders,
  preparedQuery,
  rowsOf,
  sql,
  users,
} from "@market/db";
import { pictureUrl } from "../files/picture-url";
import { effectiveStatus } from "./effective-status";

/** The applications with their influencer and deal; the ids are one array parameter, for any page size. */
const cardRows = preparedQuery("application_card_rows", (db, values: Placeholders<{ ids: number[] }>) =>
  db
    .select({
      application: {
        id: applications.id,
        status: applications.status,
        deniedReason: applications.deniedReason,
        expiration: applications.expiration,
        createdAt: applications.createdAt,
        updatedAt: applications.updatedAt,
        totalReach: applications.totalReach,
        totalPriceCents: applications.totalPriceCents,
      },
      influencer: {
        id: users.id,
        username: users.username,
        picture: users.picture,
        city: influencerProfiles.city,
        country: influencerProfiles.country,
      },
      deal: { id: deals.id, title: deals.title, author: brandProfiles.brandName },
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.influencerId))
    .leftJoin(influencerProfiles, eq(influencerProfiles.userId, applications.influencerId))
    .innerJoin(deals, eq(deals.id, applications.dealId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, deals.userId))
    .where(sql`${applications.id} = any(${values.ids}::int[])`),
);

/**
 * The cards of the given applications, in the given order, as `viewerId` sees them (their unseen notifications).
 * Two queries whatever the page's size: the applications with their influencer and deal, and the viewer's unseen
 * notifications about them (through the partial index of unseen notifications per user and application).
 */
export async function loadApplicationCards(
  db: Db,
  viewerId: number,
  ids: number[],
  now: Date,
): Promise<ApplicationCard[]> {
  if (ids.length === 0) return [];
  const [rows, unread] = await Promise.all([
    cardRows(db, { ids }),
    // Per application (a lateral probe of the partial index each): bounded by the page, however many unseen
    // notifications the viewer has about other applications.
    db.execute(sql`select x.id as application_id, n.unread, n.last
      from unnest(${sql.param(ids)}::int[]) as x(id)
      cross join lateral (select count(*)::int as unread, max(${notifications.createdAt}) as last
        from ${notifications}
        where ${notifications.userId} = ${viewerId} and ${notifications.seenAt} is null
          and ${notifications.applicationId} = x.id) n
      where n.unread > 0`),
  ]);
  const unreadOf = new Map(
    rowsOf<{ application_id: number; unread: number; last: Date | string }>(unread).map((row) => [
      Number(row.application_id),
      { unread: Number(row.unread), last: new Date(row.last) },
    ]),
  );
  const byId = new Map(rows.map((row) => [row.application.id, row]));
  return ids.flatMap((id): ApplicationCard[] => {
    const row = byId.get(id);
    if (!row) return [];
    const { application, influencer, deal } = row;
    const { status, deniedReason } = effectiveStatus(application, now);
    const notified = unreadOf.get(id);
    return [
      {
        id,
        status,
        deniedReason,
        influencer: {
          id: influencer.id,
          username: influencer.username,
          city: influencer.city ?? null,
          country: influencer.country ?? null,
          picture: pictureUrl(influencer.picture),
        },
        deal: { id: deal.id, title: deal.title, author: deal.author ?? "" },
        totalReach: application.totalReach,
        totalPrice: application.totalPriceCents / 100,
        expiration: application.expiration,
        timeBeforeExpiration: status === "WAITING" ? application.expiration.getTime() - now.getTime() : null,
        created: application.createdAt,
        updated: application.updatedAt,
        unread: notified?.unread ?? 0,
        lastNotification: notified?.last ?? null,
      },
    ];
  });
}
