import { dashboardInput } from "@market/contracts";
import { getDashboard, getQueueCounts } from "../../../services/console/dashboard/get-dashboard";
import { consoleProcedure, router } from "../../../trpc";

/** The console's home (issue 36, point 1). */
export const dashboardRouter = router({
  /** Each queue's count and the platform's figures over the period. */
  get: consoleProcedure.input(dashboardInput).query(({ ctx, input }) => getDashboard(ctx, input)),
  /** GET /admin/api/queues: each queue's count. */
  queues: consoleProcedure.query(({ ctx }) => getQueueCounts(ctx)),
});
