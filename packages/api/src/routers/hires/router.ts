import { moneyListInput } from "@market/contracts";
import { listHires } from "../../services/earnings/list-hires";
import { hiresStatement } from "../../services/earnings/statements";
import { brandProcedure, router } from "../../trpc";

/** The brand's hire history (spec sections 2 Hires and 7 GET /api/hires). */
export const hiresRouter = router({
  /** GET /api/hires: the paid hires newest first, keyset-paged, with the totals released and pending. */
  list: brandProcedure.input(moneyListInput).query(({ ctx, input }) => listHires(ctx, ctx.viewer, input)),
  /** GET /api/hires/statement.csv: every hire as CSV, named with the date. */
  statement: brandProcedure.query(({ ctx }) => hiresStatement(ctx, ctx.viewer)),
});
