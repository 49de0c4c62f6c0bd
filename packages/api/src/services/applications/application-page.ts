import {
  APPLICATION_ACTIONS,
  type ApplicationPageView,
  brandTotalCents,
  computeDealStatus,
  DEFAULT_FEE_PERCENT,
  influencerNetCents,
} from "@market/contracts";
import {
  type Application,
  alias,
  applicationPrices,
  asc,
  brandProfiles,
  chatMessages,
  type Db,
  dealImages,
  deals,
  eq,
  influencerProfiles,
  type Placeholders,
  preparedQuery,
  sql,
  users,
} from "@market/db";
import type { Clock } from "../../clock";
import type { Viewer } from "../auth/sessions";
import { conversationCountSql } from "../chat/chat-access";
import { chatDisabledReason } from "../chat/chat-rules";
import { fileUrl, pictureUrl } from "../files/picture-url";
import { effectiveStatus } from "./effective-status";
import { applicationFeedback } from "./feedback/feedback-page";
import { countdownView } from "./lifecycle/countdown";
import { decide } from "./lifecycle/transitions";
import { applicationOfParty } from "./parties";

const brand = alias(users, "brand");
const influencer = alias(users, "influencer");

/** The deal of the page, both parties' names, pictures and places, and the chat's counts. */
const pageParties = preparedQuery(
  "application_page_parties",
  (db, values: Placeholders<Pick<Application, "id" | "dealId" | "brandId" | "influencerId">>) =>
    db
      .select({
        deal: deals,
        brandName: brandProfiles.brandName,
        image: sql<
          string | null
        >`(select ${dealImages.fileId} from ${dealImages} where ${dealImages.dealId} = ${deals.id} order by ${dealImages.position} limit 1)`,
        brand: { id: brand.id, username: brand.username, picture: brand.picture, lastLoginAt: brand.lastLoginAt },
        influencer: { id: influencer.id, username: influencer.username, picture: influencer.picture },
        city: influencerProfiles.city,
        country: influencerProfiles.country,
        // Over chat_messages_application_created_idx, as one statement with the rest.
        messages: sql<number>`(select count(*)::int from ${chatMessages}
          where ${chatMessages.applicationId} = ${values.id})`,
        conversation: sql<number>`(select ${conversationCountSql()} from ${chatMessages}
          where ${chatMessages.applicationId} = ${values.id})`,
      })
      .from(deals)
      .innerJoin(brand, eq(brand.id, values.brandId))
      .innerJoin(influencer, eq(influencer.id, values.influencerId))
      .leftJoin(brandProfiles, eq(brandProfiles.userId, brand.id))
      .leftJoin(influencerProfiles, eq(influencerProfiles.userId, influencer.id))
      .where(eq(deals.id, values.dealId)),
);

const pricesOfApplication = preparedQuery(
  "application_prices_of",
  (db, values: Placeholders<{ applicationId: number }>) =>
    db
      .select()
      .from(applicationPrices)
      .where(eq(applicationPrices.applicationId, values.applicationId))
      .orderBy(asc(applicationPrices.networkType)),
);

/**
 * GET /api/applications/{id} (spec sections 2 and 3): the application page as its viewer sees it, for the two
 * parties only (an impersonating admin sees as the user); anyone else gets not_found. The status is the effective
 * one, totals and fees are the viewer's (brand: what it pays; influencer: what they earn), and the actions are the
 * lifecycle table's answer for the viewer now. Small queries, each by primary key or an index.
 */
export async function readApplicationPage(
  deps: { db: Db; clock: Clock },
  viewer: Viewer,
  id: number,
): Promise<ApplicationPageView> {
  const now = deps.clock.now();
  const { application, role } = await applicationOfParty(deps.db, viewer, id);
  const [[people], prices, feedback] = await Promise.all([
    pageParties(deps.db, application),
    pricesOfApplication(deps.db, { applicationId: application.id }),
    applicationFeedback(deps.db, application, role, now),
  ]);
  if (!people) throw new Error(`application ${application.id} has no deal or parties`);

  const { status, deniedReason } = effectiveStatus(application, now);
  const fees = {
    i: application.feeInfluencerPercent ?? DEFAULT_FEE_PERCENT,
    b: application.feeBrandPercent ?? DEFAULT_FEE_PERCENT,
  };
  // Once hired, the totals are those of the networks the brand ticked; before, of the whole proposal.
  const counted = prices.some((price) => price.hired) ? prices.filter((price) => price.hired) : prices;
  const totalPriceCents = counted.reduce((sum, price) => sum + price.priceCents, 0);
  const messageCount = people.messages;
  const disabledReason = chatDisabledReason(status, people.conversation);
  const actor = { role, impersonating: viewer.impersonatorId !== null };

  return {
    id: application.id,
    role,
    impersonating: actor.impersonating,
    status,
    deniedReason,
    deal: {
      id: people.deal.id,
      title: people.deal.title,
      author: people.brandName ?? people.brand.username,
      status: computeDealStatus(people.deal, now),
      image: people.image ? fileUrl(people.image) : null,
      networks: people.deal.networks,
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
    prices: prices.map((price) => ({
      network: price.networkType,
      networkId: price.networkId,
      reach: price.reach,
      price: price.priceCents / 100,
      creationDays: price.creationDays,
      link: price.link,
      hired: price.hired,
    })),
    moneyReleaseDate: application.moneyReleaseDate,
    countdown: countdownView(application, now),
    caseOpen: application.contestedAt !== null || application.arbitrationOpenedAt !== null,
    releasedAt: application.releasedAt,
    refundedAt: application.refundedAt,
    totalReach: counted.reduce((sum, price) => sum + price.reach, 0),
    totalPriceCents,
    fees,
    viewerFeePercent: role === "brand" ? fees.b : fees.i,
    viewerTotalCents:
      role === "brand" ? brandTotalCents(totalPriceCents, fees.b) : influencerNetCents(totalPriceCents, fees.i),
    chat: { enabled: disabledReason === null, disabledReason, messageCount },
    actions: APPLICATION_ACTIONS.filter((action) => decide(application, action, actor, now).ok),
    feedback,
  };
}
