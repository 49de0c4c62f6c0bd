import { router } from "../../../trpc";
import { auditRouter } from "./audit";
import { casesRouter } from "./cases";
import { dashboardRouter } from "./dashboard";
import { dealsRouter } from "./deals";
import { flagsRouter } from "./flags";
import { payoutsRouter } from "./payouts";
import { refundsRouter } from "./refunds";
import { reviewsRouter } from "./reviews";
import { usersRouter } from "./users";

/**
 * The operator's console (issue 36): an admin in their own session (consoleProcedure). One router per area of the
 * console, each over its services in services/console/<area>.
 */
export const consoleRouter = router({
  audit: auditRouter,
  payouts: payoutsRouter,
  cases: casesRouter,
  dashboard: dashboardRouter,
  deals: dealsRouter,
  flags: flagsRouter,
  users: usersRouter,
  refunds: refundsRouter,
  reviews: reviewsRouter,
});
