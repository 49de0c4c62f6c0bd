import { z } from "zod";
import { APPLICATION_ACTIONS, CHAT_DISABLED_REASONS } from "../application-page";
import { networkType } from "../enum-schemas";
import { DEAL_STATUSES } from "../enums";
import { applicationDeliveryAnswer, releaseCountdownAnswer } from "./delivery";
import { applicationFeedbackAnswer } from "./feedback";
import { answerSchemas, isoInstant } from "./registry";
import { applicationReviewAnswer } from "./reviews";
import {
  applicationInfluencerAnswer,
  applicationPriceAnswer,
  applicationRefundAnswer,
  applicationStatusAnswer,
  dealAnswer,
  deniedReasonAnswer,
} from "./shared";

/** One card of GET /api/applications and GET /api/campaigns/{id}/applications (ApplicationCard). */
export const applicationCardAnswer = z
  .object({
    id: z.number().int(),
    status: applicationStatusAnswer,
    deniedReason: deniedReasonAnswer,
    refund: applicationRefundAnswer.nullable(),
    influencer: applicationInfluencerAnswer,
    deal: z.object({ id: z.number().int(), title: z.string(), author: z.string() }),
    totalReach: z.number(),
    totalPrice: z.number(),
    expiration: isoInstant,
    timeBeforeExpiration: z.number().nullable(),
    created: isoInstant,
    updated: isoInstant,
    unread: z.number().int(),
    lastNotification: isoInstant.nullable(),
  })
  .register(answerSchemas, { id: "ApplicationCard" });

/** Both lists' page: `deal` is the campaign of GET /api/campaigns/{id}/applications, null otherwise. */
export const applicationListAnswer = z
  .object({
    deal: dealAnswer.nullable(),
    applications: z.array(applicationCardAnswer),
    nextCursor: z.string().nullable(),
  })
  .register(answerSchemas, { id: "ApplicationList" });

/** What POST /api/applications and POST /api/applications/{id} answer (ProposalResult). */
export const proposalAnswer = z
  .object({
    id: z.number().int(),
    status: applicationStatusAnswer,
    expiration: isoInstant,
    prices: z.array(applicationPriceAnswer),
  })
  .register(answerSchemas, { id: "Proposal" });

/** GET /api/applications/{id}: the application page (ApplicationPageView). */
export const applicationPageAnswer = z
  .object({
    id: z.number().int(),
    role: z.enum(["brand", "influencer"]),
    impersonating: z.boolean(),
    status: applicationStatusAnswer,
    deniedReason: deniedReasonAnswer,
    deal: z.object({
      id: z.number().int(),
      title: z.string(),
      author: z.string(),
      status: z.enum(DEAL_STATUSES),
      image: z.string().nullable(),
      networks: z.array(networkType),
      available: z.boolean(),
    }),
    influencer: applicationInfluencerAnswer,
    author: z.object({
      id: z.number().int(),
      username: z.string(),
      picture: z.string().nullable(),
      lastLogin: z.string().nullable(),
    }),
    text: z.string(),
    created: isoInstant,
    updated: isoInstant,
    expiration: isoInstant,
    timeBeforeExpiration: z.number(),
    prices: z.array(applicationPriceAnswer.extend({ hired: z.boolean() })),
    moneyReleaseDate: isoInstant.nullable(),
    countdown: releaseCountdownAnswer.nullable(),
    caseOpen: z.boolean(),
    releasedAt: isoInstant.nullable(),
    refundedAt: isoInstant.nullable(),
    refund: applicationRefundAnswer.nullable(),
    totalReach: z.number(),
    totalPriceCents: z.number().int(),
    fees: z.object({ i: z.number(), b: z.number() }),
    viewerFeePercent: z.number(),
    viewerTotalCents: z.number().int(),
    chat: z.object({
      enabled: z.boolean(),
      disabledReason: z.enum(CHAT_DISABLED_REASONS).nullable(),
      messageCount: z.number().int(),
    }),
    actions: z.array(z.enum(APPLICATION_ACTIONS)),
    feedback: applicationFeedbackAnswer.nullable(),
    review: applicationReviewAnswer.nullable(),
    delivery: applicationDeliveryAnswer.nullable(),
  })
  .register(answerSchemas, { id: "ApplicationPage" });

/** POST /api/applications/{id}/changes and /decline: the proposal as the brand's answer left it. */
export const waitingActionAnswer = z
  .object({ id: z.number().int(), status: z.enum(["WAITING", "DENIED"]), deniedReason: deniedReasonAnswer })
  .register(answerSchemas, { id: "WaitingActionResult" });
