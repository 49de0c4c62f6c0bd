import type { CampaignReportInput, Report } from "@market/contracts";
import { and, type Db, deals, eq, isNull } from "@market/db";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { readShared, type UserReadsCache } from "../user-reads-cache";
import { buildReport } from "./build-report";
import { readReportRows } from "./report-rows";

/**
 * GET /api/campaigns/{id}/report: every paid hire of one of the brand's live campaigns, its time line from the
 * first payment to the latest reading. Another brand's campaign, a deleted one and an unknown id are all
 * not_found, as for the campaign itself (routers/deals).
 */
export async function campaignReport(
  deps: { db: Db; userReads?: UserReadsCache | undefined },
  viewer: Viewer,
  input: CampaignReportInput,
): Promise<Report> {
  // Kept as the period's report is (period-report.ts); the campaign's title and its deletion name its brand too.
  return readShared(deps.userReads, viewer.userId, `report campaign ${input.id}`, async () => {
    const [campaign] = await deps.db
      .select({ id: deals.id, title: deals.title })
      .from(deals)
      .where(and(eq(deals.id, input.id), eq(deals.userId, viewer.userId), isNull(deals.deletedAt)));
    if (!campaign) fail("not_found");
    const { hires, posts } = await readReportRows(deps.db, { dealId: campaign.id });
    return buildReport({ kind: "campaign", campaign }, "events", hires, posts);
  });
}
