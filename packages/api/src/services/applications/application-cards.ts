import type { ApplicationCard, ApplicationStatus, DeniedReason } from "@market/contracts";
import {
  applications,
  brandProfiles,
  deals,
  influencerProfiles,
  notifications,
  type SQL,
  type SQLWrapper,
  sql,
  users,
} from "@market/db";
import { accountNameSql } from "../account/account-name";
import { pictureUrl } from "../files/picture-url";
import { effectiveStatus } from "./effective-status";

/**
 * The cards of a page of applications, in the statement that chose the page: `pageIds` is a query of the page's
 * `id`s (and whatever else it selects) with their `position`, and `viewerId` whose unseen notifications count.
 * Every row of the page comes back, in its order, with its card's columns beside it (left joins: a row whose
 * application is gone has none, and toApplicationCard skips it).
 *
 * The viewer's unseen notifications are counted per application, a lateral probe of the partial index of unseen
 * notifications per user and application each: bounded by the page, however many unseen notifications the viewer
 * has about other applications.
 */
export function withCards(pageIds: SQL, viewerId: SQLWrapper): SQL {
  // The deal's brand as every page names it; its username, by primary key, only when its company name is empty.
  const brandName = accountNameSql(
    brandProfiles.brandName,
    sql`(select brand.username from ${users} brand where brand.id = ${deals.userId})`,
  );
  return sql`with page as (${pageIds})
    select page.*,
      ${applications.id} as application_id, ${applications.status} as status,
      ${applications.deniedReason} as denied_reason, ${applications.expiration} as expiration,
      ${applications.createdAt} as created_at, ${applications.updatedAt} as updated_at,
      ${applications.refundedAt} as refunded_at, ${applications.paidAmountCents} as paid_amount_cents,
      ${applications.totalReach} as total_reach, ${applications.totalPriceCents} as total_price_cents,
      ${users.id} as influencer_id, ${users.username} as username, ${users.picture} as picture,
      ${influencerProfiles.city} as city, ${influencerProfiles.country} as country,
      ${deals.id} as deal_id, ${deals.title} as deal_title,
      ${brandName} as brand_name,
      unseen.unread, unseen.last
    from page
      left join ${applications} on ${applications.id} = page.id
      left join ${users} on ${users.id} = ${applications.influencerId}
      left join ${influencerProfiles} on ${influencerProfiles.userId} = ${applications.influencerId}
      left join ${deals} on ${deals.id} = ${applications.dealId}
      left join ${brandProfiles} on ${brandProfiles.userId} = ${deals.userId}
      cross join lateral (select count(*)::int as unread, max(${notifications.createdAt}) as last
        from ${notifications}
        where ${notifications.userId} = ${viewerId} and ${notifications.seenAt} is null
          and ${notifications.applicationId} = page.id) unseen
    order by page.position`;
}

/** A row of withCards as the driver returns it: postgres.js gives bigints as text, PGlite as numbers. */
export interface CardRow {
  application_id: number | null;
  status: ApplicationStatus;
  denied_reason: DeniedReason | null;
  refunded_at: Date | string | null;
  paid_amount_cents: number | string | bigint | null;
  expiration: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
  total_reach: number | string | bigint;
  total_price_cents: number | string | bigint;
  influencer_id: number | null;
  username: string;
  picture: string | null;
  city: string | null;
  country: string | null;
  deal_id: number | null;
  deal_title: string;
  brand_name: string;
  unread: number;
  last: Date | string | null;
}

const instant = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** The card of a row of withCards as its viewer sees it at `now`, or null when its application is gone. */
export function toApplicationCard(row: CardRow, now: Date): ApplicationCard | null {
  if (row.application_id === null || row.influencer_id === null || row.deal_id === null) return null;
  const expiration = instant(row.expiration);
  const { status, deniedReason } = effectiveStatus(
    { status: row.status, deniedReason: row.denied_reason, expiration },
    now,
  );
  const unread = Number(row.unread);
  return {
    id: Number(row.application_id),
    status,
    deniedReason,
    refund:
      row.refunded_at === null
        ? null
        : { at: instant(row.refunded_at), amountCents: Number(row.paid_amount_cents ?? 0) },
    influencer: {
      id: Number(row.influencer_id),
      username: row.username,
      city: row.city,
      country: row.country,
      picture: pictureUrl(row.picture),
    },
    deal: { id: Number(row.deal_id), title: row.deal_title, author: row.brand_name },
    totalReach: Number(row.total_reach),
    totalPrice: Number(row.total_price_cents) / 100,
    expiration,
    timeBeforeExpiration: status === "WAITING" ? expiration.getTime() - now.getTime() : null,
    created: instant(row.created_at),
    updated: instant(row.updated_at),
    unread,
    lastNotification: unread > 0 && row.last !== null ? instant(row.last) : null,
  };
}
