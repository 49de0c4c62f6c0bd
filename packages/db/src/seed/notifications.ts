import {
  BRAND_NOTIFICATION_KEYS,
  DAY_MS,
  INFLUENCER_NOTIFICATION_KEYS,
  type NotificationKey,
  type NotificationType,
} from "@market/contracts";
import { type NewNotification, notificationPreferences, notifications } from "../schema";
import type { SeededApplication } from "./applications";
import { insertRows } from "./batch";
import type { SeededBrand } from "./brands";
import type { SeedContext } from "./context";
import type { SeededDeal } from "./deals";
import type { SeededInfluencer } from "./influencers";
import type { SeededInvitation } from "./invitations";
import type { Random } from "./random";
import { NEWS_TEXTS } from "./words/conversations";

/** Older notifications have mostly been seen; the last two days' are waiting for their reader. */
const UNSEEN_WINDOW_MS = 2 * DAY_MS;

/** Notifications of everything that happened, and a few users' opt-outs. */
export async function seedNotifications(
  ctx: SeedContext,
  data: {
    brands: readonly SeededBrand[];
    influencers: readonly SeededInfluencer[];
    deals: readonly SeededDeal[];
    applications: readonly SeededApplication[];
    invitations: readonly SeededInvitation[];
  },
): Promise<{ notifications: number; notificationPreferences: number }> {
  const rng = ctx.random("notifications");
  const rows: NewNotification[] = [];
  // The demo's past: whatever it mailed went out when it happened, so the notification mail sweep passes it over.
  const notify = (row: Omit<NewNotification, "seenAt" | "mailedAt"> & { createdAt: Date }) =>
    rows.push({ ...row, seenAt: seenAt(rng, ctx.clock.now, row.createdAt), mailedAt: row.createdAt });

  for (const application of data.applications) {
    const { deal, influencer } = application.planned;
    for (const event of application.events) {
      notify({
        userId: event.recipient === "brand" ? deal.brand.id : influencer.id,
        type: event.type,
        applicationId: application.id,
        dealId: deal.id,
        senderId: event.senderId,
        text: event.text ?? describe(event.type, deal, influencer.username),
        fileId: event.fileId,
        createdAt: event.at,
      });
    }
  }
  for (const { deal, influencer, createdAt } of data.invitations) {
    notify({
      userId: influencer.id,
      type: "invitation",
      dealId: deal.id,
      senderId: deal.brand.id,
      text: describe("invitation", deal, influencer.username),
      createdAt,
    });
  }
  for (const deal of data.deals.filter((candidate) => candidate.reviewStatus !== "NONE")) {
    notify({
      userId: deal.brand.id,
      type: "deal_review",
      dealId: deal.id,
      text: `Your campaign "${deal.title}" was ${deal.reviewStatus === "OK" ? "approved" : "rejected"}.`,
      createdAt: ctx.clock.ago(rng.between(0.001, deal.createdAgo), deal.anchor),
    });
  }
  const demoUsers = [...data.brands, ...data.influencers].filter((user) => user.isDemo);
  for (const [i, text] of NEWS_TEXTS.entries()) {
    for (const user of demoUsers) notify({ userId: user.id, type: "news", text, createdAt: ctx.clock.ago(3 + i * 10) });
  }
  await insertRows(ctx.db, notifications, rows);

  const preferences = [
    ...data.brands.flatMap((brand) => drawPreferences(rng, brand.id, brand.isDemo, BRAND_NOTIFICATION_KEYS)),
    ...data.influencers.flatMap((influencer) =>
      drawPreferences(rng, influencer.id, influencer.isDemo, INFLUENCER_NOTIFICATION_KEYS),
    ),
  ];
  await insertRows(ctx.db, notificationPreferences, preferences);
  return { notifications: rows.length, notificationPreferences: preferences.length };
}

function seenAt(rng: Random, now: Date, createdAt: Date): Date | null {
  // Both draws always happen, so the hour of seeding never shifts later draws.
  const [seen, delay] = [rng.chance(0.92), rng.between(0.01, 1) * DAY_MS];
  const old = now.getTime() - createdAt.getTime() > UNSEEN_WINDOW_MS;
  return old && seen ? new Date(createdAt.getTime() + delay) : null;
}

function describe(type: NotificationType, deal: SeededDeal, influencer: string): string {
  const title = `"${deal.title}"`;
  const brand = deal.brand.brandName;
  const texts: Partial<Record<NotificationType, string>> = {
    application: `${influencer} sent a proposal for ${title}.`,
    application_update: `${influencer} updated the proposal for ${title}.`,
    message: `New message about ${title}.`,
    invitation: `${brand} invited you to ${title}.`,
    payment: `${brand} hired you for ${title}.`,
    work_done: `${influencer} marked the work for ${title} as done.`,
    work_not_done: `${brand} says the content for ${title} is not published yet.`,
    money_released: `The money for ${title} was released.`,
    release_reminder: `The money for ${title} will be released automatically soon.`,
    refund: `The platform refunded the hire for ${title}.`,
    case_closed: `The platform closed the case on ${title}.`,
    declined: `${brand} declined your proposal for ${title}.`,
    change_request: `${brand} asks for changes to your proposal for ${title}.`,
    feedback: `${brand} left feedback on ${title}.`,
  };
  return texts[type] ?? title;
}

/**
 * A missing row means enabled. The demo accounts state every key (news off); about one user in seven
 * turned one or two keys off.
 */
function drawPreferences(rng: Random, userId: number, isDemo: boolean, keys: readonly NotificationKey[]) {
  if (isDemo) return keys.map((key) => ({ userId, key, enabled: key !== "news" }));
  if (!rng.chance(0.15)) return [];
  return rng.sample(keys, rng.int(1, 2)).map((key) => ({ userId, key, enabled: false }));
}
