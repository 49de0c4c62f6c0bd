import { caseDecisionInput, caseIdInput, casesListInput } from "@market/contracts";
import { decideCase } from "../../../services/console/cases/decide-case";
import { evidencePack } from "../../../services/console/cases/evidence-pack";
import { getCase } from "../../../services/console/cases/get-case";
import { listCases } from "../../../services/console/cases/list-cases";
import { consoleProcedure, router } from "../../../trpc";

/** The console's cases (issue 36, points 2 and 3): the queue, a case's page, its decisions and evidence pack. */
export const casesRouter = router({
  /** The open contests and requests for arbitration, oldest first, keyset-paged. */
  list: consoleProcedure.input(casesListInput).query(({ ctx, input }) => listCases(ctx, input)),
  /** A case's timeline, parties with their reliability figures, ledger, files and the decisions allowed now. */
  get: consoleProcedure.input(caseIdInput).query(({ ctx, input }) => getCase(ctx, input)),
  /** Release to the influencer, refund the brand or close the case, with the reason both parties read. */
  decide: consoleProcedure.input(caseDecisionInput).mutation(({ ctx, input }) => decideCase(ctx, ctx.adminId, input)),
  /** GET /admin/api/cases/:applicationId/evidence.zip: the case's evidence in one ZIP (bytes, for the REST route). */
  evidence: consoleProcedure.input(caseIdInput).query(({ ctx, input }) => evidencePack(ctx, input)),
});
