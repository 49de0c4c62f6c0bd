import { z } from "zod";
import { COUNTDOWN_PAUSES } from "../application-page";
import { POST_CHECK_STATES, STATISTICS_SNAPSHOT_KINDS } from "../delivery";
import { networkType } from "../enum-schemas";
import { POST_KINDS } from "../post-urls";
import { answerSchemas, isoInstant } from "./registry";
import { applicationStatusAnswer } from "./shared";

/** The brand's reaction window once the work is done (ReleaseCountdown): running, or paused with the time left. */
export const releaseCountdownAnswer = z
  .discriminatedUnion("state", [
    z.object({ state: z.literal("running"), releaseDate: isoInstant, remainingMs: z.number() }),
    z.object({ state: z.literal("paused"), remainingMs: z.number(), pausedBy: z.array(z.enum(COUNTDOWN_PAUSES)) }),
  ])
  .register(answerSchemas, { id: "ReleaseCountdown" });

/**
 * What work done, work not done, release and an admin's closing of a case answer (DeliveryResult): where the
 * application and its countdown stand now.
 */
export const deliveryStepAnswer = z
  .object({
    id: z.number().int(),
    status: applicationStatusAnswer,
    moneyReleaseDate: isoInstant.nullable(),
    countdown: releaseCountdownAnswer.nullable(),
  })
  .register(answerSchemas, { id: "DeliveryStep" });

/** A post's counters as the network gives them; null where it gives none. */
const postStatistics = {
  views: z.number().nullable(),
  likes: z.number().nullable(),
  comments: z.number().nullable(),
};

/** One delivered post with its check and statistics (DeliveredPostView). */
export const deliveredPostAnswer = z
  .object({
    network: networkType,
    url: z.string(),
    kind: z.enum(POST_KINDS),
    postId: z.string().nullable(),
    account: z.object({ title: z.string(), link: z.string().nullable() }).nullable(),
    publishedAt: isoInstant.nullable(),
    thumbnailUrl: z.string().nullable(),
    statistics: z.object(postStatistics),
    snapshots: z.array(z.object({ ...postStatistics, kind: z.enum(STATISTICS_SNAPSHOT_KINDS), takenAt: isoInstant })),
    check: z.object({ state: z.enum(POST_CHECK_STATES), message: z.string(), checkedAt: isoInstant.nullable() }),
    changesRequested: z.boolean(),
  })
  .register(answerSchemas, { id: "DeliveredPost" });

/** One delivery: its posts, the chat files handed over, and the brand's change request if it contested it. */
export const deliveryAnswer = z
  .object({
    id: z.number().int(),
    deliveredAt: isoInstant,
    note: z.string().nullable(),
    posts: z.array(deliveredPostAnswer),
    files: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        mime: z.string(),
        size: z.number().int(),
        url: z.string(),
        thumbnailUrl: z.string().nullable(),
      }),
    ),
    changesRequest: z.object({ at: isoInstant, text: z.string(), networks: z.array(networkType) }).nullable(),
  })
  .register(answerSchemas, { id: "Delivery" });

/** The application page's delivery part (ApplicationDelivery): the current delivery and the earlier ones. */
export const applicationDeliveryAnswer = z
  .object({ current: deliveryAnswer, history: z.array(deliveryAnswer) })
  .register(answerSchemas, { id: "ApplicationDelivery" });
