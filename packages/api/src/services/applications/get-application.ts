import {
  APPLICATION_ACTIONS,
  type ApplicationPageView,
  brandTotalCents,
  computeDealStatus,
  DEFAULT_FEE_PERCENT,
  influencerNetCents,
} from "@market/contracts";
import {
  alias,
  and,
  applications,
  brandProfiles,
  brandReviews,
  chatMessages,
  type Db,
  deals,
  eq,
  feedback,
  influencerProfiles,
  type Placeholders,
  preparedQuery,
  sql,
  users,
} from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { accountNameSql } from "../account/account-name";
import { conversationCountSql } from "../chat/chat-access";
import { chatDisabledReason } from "../chat/chat-rules";
import { firstDealImage, influencerMaySee } from "../deals/deal-search-parts";
import { type DeliveryRow, deliveriesJson, toApplicationDelivery } from "../deliveries/delivery-view";
import { fileUrl, pictureUrl } from "../files/picture-url";
import { applicationReview } from "../reviews/application-review";
import { effectiveStatus } from "./effective-status";
import { moneyReleasedLineSql } from "./feedback/feedback-rows";
import { applicationFeedback } from "./feedback/get-feedback";
import { countdownView } from "./lifecycle/countdown";
import { decide } from "./lifecycle/transitions";
import { partyOf } from "./parties";
import { pricesJson, toPriceView } from "./prices-json";

const brand = alias(users, "brand");
const influencer = alias(users, "influencer");

/**
 * The application with all the page shows: its deal, both parties' names, pictures and places, its prices and
 * the chat's counts, once hired its deliveries, and once COMPLETE what its feedback needs, in one statement by the
 * application's primary key; who may see it is decided on the row.
 */
const pageRow = preparedQuery("application_page", (db, values: Placeholders<{ id: number }>) =>
  db
    .select({
      application: applications,
      // What the page shows of the deal and decides its status and availability on; not its texts.
      deal: {
        id: deals.id,
        title: deals.title,
        networks: deals.networks,
        deadline: deals.deadline,
        paused: deals.paused,
        deletedAt: deals.deletedAt,
        reviewStatus: deals.reviewStatus,
      },
      // The brand as the page names it, the author of its deal (accountNameSql).
      author: accountNameSql(brandProfiles.brandName, brand.username),
      image: firstDealImage,
      brand: { id: brand.id, username: brand.username, picture: brand.picture, lastLoginAt: brand.lastLoginAt },
      influencer: { id: influencer.id, username: influencer.username, picture: influencer.picture },
      city: influencerProfiles.city,
      country: influencerProfiles.country,
      prices: pricesJson(applications.id),
      // Over chat_messages_application_created_idx.
      messages: sql<number>`(select count(*)::int from ${chatMessages}
        where ${chatMessages.applicationId} = ${applications.id})`,
      // The feedback's two reads (feedbackStageOf), for COMPLETE only: its row (one per application) and when the
      // money was released, over the chat's (application, created) index.
      feedback,
      // The influencer's review of the brand (issue 40), one per application, for COMPLETE only.
      review: brandReviews,
      moneyReleasedAt:
        sql<Date | null>`case when ${applications.status} = 'COMPLETE' then (${moneyReleasedLineSql(applications.id)}) end`.mapWith(
          chatMessages.createdAt,
        ),
      conversation: sql<number>`(select ${conversationCountSql()} from ${chatMessages}
        where ${chatMessages.applicationId} = ${applications.id})`,
      // Only a hire can have been delivered: nothing read for a proposal.
      deliveries: sql<DeliveryRow[] | null>`case when ${applications.paidAt} is not null
        then ${deliveriesJson(applications.id)} end`,
    })
    .from(applications)
    .innerJoin(deals, eq(deals.id, applications.dealId))
    .innerJoin(brand, eq(brand.id, applications.brandId))
    .innerJoin(influencer, eq(influencer.id, applications.influencerId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, brand.id))
    .leftJoin(influencerProfiles, eq(influencerProfiles.userId, influencer.id))
    .leftJoin(feedback, and(eq(feedback.applicationId, applications.id), eq(applications.status, "COMPLETE")))
    .leftJoin(brandReviews, and(eq(brandReviews.applicationId, applications.id), eq(applications.status, "COMPLETE")))
    .where(eq(applications.id, values.id)),
);

/**
 * GET /api/applications/{id} (spec sections 2 and 3): the application page as its viewer sees it, for the two
 * parties only (an impersonating admin sees as the user); anyone else gets not_found. The status is the effective
 * one, totals and fees are the viewer's (brand: what it pays; influencer: what they earn), and the actions are the
 * lifecycle table's answer for the viewer now. One statement by primary key, a hire's deliveries in it (delivery-view.ts).
 */
export async function getApplication(
  deps: { db: Db; clock: Clock },
  viewer: Viewer,
  id: number,
): Promise<ApplicationPageView> {
  const now = deps.clock.now();
  const [people] = await pageRow(deps.db, { id });
  if (!people) fail("not_found");
  const { application, role } = partyOf(people.application, viewer);
  const { prices } = people;
  const feedback = applicationFeedback(application, role, now, {
    row: people.feedback,
    moneyReleasedAt: people.moneyReleasedAt,
  });
  const review = applicationReview(application, role, now, {
    row: people.review,
    moneyReleasedAt: people.moneyReleasedAt,
  });

  const { status, deniedReason } = effectiveStatus(application, now);
  const fees = {
    i: application.feeInfluencerPercent ?? DEFAULT_FEE_PERCENT,
    b: application.feeBrandPercent ?? DEFAULT_FEE_PERCENT,
  };
  // Once hired, the totals are those of the networks the brand ticked; before, of the whole proposal.
  const counted = prices.some((price) => price.hired) ? prices.filter((price) => price.hired) : prices;
  const totalPriceCents = counted.reduce((sum, price) => sum + price.priceCents, 0);
  const messageCount = people.messages;
  const disabledReason = chatDisabledReason(status, people.conversation, application.refundedAt !== null);
  const actor = { role, impersonating: viewer.impersonatorId !== null };
  const delivery = people.deliveries === null ? null : toApplicationDelivery(people.deliveries);

  return {
    id: application.id,
    role,
    impersonating: actor.impersonating,
    status,
    deniedReason,
    deal: {
      id: people.deal.id,
      title: people.deal.title,
      author: people.author,
      status: computeDealStatus(people.deal, now),
      image: people.image ? fileUrl(people.image) : null,
      networks: people.deal.networks,
      // As getDeal decides: an influencer (not an admin acting as one) by the influencers' rule.
      available:
        role === "influencer" && !actor.impersonating ? influencerMaySee(people.deal) : people.deal.deletedAt === null,
    },
    influencer: {
      id: people.influencer.id,
      username: people.influencer.username,
      city: people.city,
      country: people.country,
      picture: pictureUrl(people.influencer.picture),
    },
    author: {
      id: people.brand.id,
      username: people.brand.username,
      picture: pictureUrl(people.brand.picture),
      lastLogin: people.brand.lastLoginAt?.toISOString() ?? null,
    },
    text: application.text,
    created: application.createdAt,
    updated: application.updatedAt,
    expiration: application.expiration,
    timeBeforeExpiration: status === "WAITING" ? Math.max(0, application.expiration.getTime() - now.getTime()) : 0,
    // Object.assign onto the fresh view, not `{ ...view, hired }` (docs/performance.md, "Spread first").
    prices: prices.map((price) => Object.assign(toPriceView(price), { hired: price.hired })),
    moneyReleaseDate: application.moneyReleaseDate,
    countdown: countdownView(application, now),
    caseOpen: application.contestedAt !== null || application.arbitrationOpenedAt !== null,
    releasedAt: application.releasedAt,
    refundedAt: application.refundedAt,
    refund: application.refundedAt ? { at: application.refundedAt, amountCents: application.paidAmountCents } : null,
    totalReach: counted.reduce((sum, price) => sum + price.reach, 0),
    totalPriceCents,
    fees,
    viewerFeePercent: role === "brand" ? fees.b : fees.i,
    viewerTotalCents:
      role === "brand" ? brandTotalCents(totalPriceCents, fees.b) : influencerNetCents(totalPriceCents, fees.i),
    chat: { enabled: disabledReason === null, disabledReason, messageCount },
    actions: APPLICATION_ACTIONS.filter((action) => decide(application, action, actor, now).ok),
    feedback,
    review,
    delivery,
  };
}
