import { refreshApplicationTotals } from "../application-totals";
import {
  applicationPrices,
  applications,
  arbitrationRequests,
  brandReviews,
  chatMessages,
  feedback,
  files,
} from "../schema";
import type { FileDraft } from "./application-chat";
import { type ApplicationDraft, draftApplication } from "./application-draft";
import { planApplications } from "./application-plan";
import { insertRows, insertWithIds } from "./batch";
import type { SeedContext } from "./context";
import type { SeededDeal } from "./deals";
import type { SeededInfluencer } from "./influencers";
import { draftReviews } from "./reviews";

export type SeededApplication = ApplicationDraft & { id: number };

/** Applications with their prices, chat (and chat files), feedback, reviews of the brands and arbitration requests. */
export async function seedApplications(
  ctx: SeedContext,
  deals: readonly SeededDeal[],
  influencers: readonly SeededInfluencer[],
): Promise<{ applications: SeededApplication[]; files: FileDraft[] }> {
  const rng = ctx.random("applications");
  const drafts = planApplications(rng, deals, influencers).map((planned) => draftApplication(rng, ctx.clock, planned));
  const seeded = await insertWithIds(ctx.db, applications, drafts, (draft) => draft.row);

  await insertRows(
    ctx.db,
    applicationPrices,
    seeded.flatMap((application) => application.prices.map((price) => ({ ...price, applicationId: application.id }))),
  );
  await refreshApplicationTotals(
    ctx.db,
    seeded.map((application) => application.id),
  );
  const chatFiles = seeded.flatMap((application) => application.messages.flatMap((message) => message.file ?? []));
  await insertRows(
    ctx.db,
    files,
    chatFiles.map(({ bytes: _bytes, ...row }) => row),
  );
  await insertRows(
    ctx.db,
    chatMessages,
    seeded.flatMap((application) =>
      application.messages.map(({ file: _file, ...message }) => ({ ...message, applicationId: application.id })),
    ),
  );
  // Reviews both ways (issue 40): the influencers' reviews, and when each side's is published (double blind).
  const { reviews, feedbackPublishedAt } = draftReviews(ctx.random("reviews"), seeded, ctx.clock.now);
  await insertRows(
    ctx.db,
    feedback,
    seeded.flatMap((application) =>
      application.feedback
        ? [
            {
              ...application.feedback,
              applicationId: application.id,
              publishedAt: feedbackPublishedAt.get(application.id) ?? application.feedback.createdAt,
            },
          ]
        : [],
    ),
  );
  await insertRows(ctx.db, brandReviews, reviews);
  await insertRows(
    ctx.db,
    arbitrationRequests,
    seeded.flatMap((application) =>
      application.arbitrations.map((request) => ({ ...request, applicationId: application.id })),
    ),
  );
  return { applications: seeded, files: chatFiles };
}
