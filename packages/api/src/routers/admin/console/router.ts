import { router } from "../../../trpc";
import { auditRouter } from "./audit";
import { refundsRouter } from "./refunds";
import { usersRouter } from "./users";

/**
 * The operator's console (issue 36): an admin in their own session (consoleProcedure). One router per area of the
 * console, each over its services in services/console/<area>.
 */
export const consoleRouter = router({
  audit: auditRouter,
  users: usersRouter,
  refunds: refundsRouter,
});
