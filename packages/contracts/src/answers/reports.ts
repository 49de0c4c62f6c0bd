import { z } from "zod";
import { networkType } from "../enum-schemas";
import { REPORT_BUCKETS } from "../reports";
import { answerSchemas } from "./registry";

/** A report's figures (contracts report-figures.ts defines each; docs/product.md "Campaign reports"). */
const reportFigures = {
  hires: z.number().int(),
  posts: z.number().int(),
  paidCents: z.number().int(),
  feesCents: z.number().int(),
  refundedCents: z.number().int(),
  spendCents: z.number().int(),
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  engagements: z.number().int(),
  engagementRate: z.number().nullable(),
  costPerEngagementCents: z.number().int().nullable(),
  costPerThousandViewsCents: z.number().int().nullable(),
};

export const reportFiguresAnswer = z.object(reportFigures).register(answerSchemas, { id: "ReportFigures" });

const namedRow = z.object({ id: z.number().int(), title: z.string() });

/** GET /api/campaigns/{id}/report and GET /api/reports: the totals, the splits and the time line. */
export const reportAnswer = z
  .object({
    scope: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("campaign"), campaign: namedRow }),
      z.object({ kind: z.literal("period"), from: z.string(), to: z.string() }),
    ]),
    totals: reportFiguresAnswer,
    byNetwork: z.array(z.object({ network: networkType, ...reportFigures })),
    byInfluencer: z.array(
      z.object({ influencer: z.object({ id: z.number().int(), username: z.string() }), ...reportFigures }),
    ),
    byCampaign: z.array(z.object({ campaign: namedRow, ...reportFigures })),
    bucket: z.enum(REPORT_BUCKETS),
    overTime: z.array(
      z.object({
        start: z.string(),
        paidCents: z.number().int(),
        refundedCents: z.number().int(),
        views: z.number().int(),
        likes: z.number().int(),
        comments: z.number().int(),
      }),
    ),
  })
  .register(answerSchemas, { id: "Report" });
