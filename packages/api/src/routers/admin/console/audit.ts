import { auditListInput } from "@market/contracts";
import { auditCsv } from "../../../services/console/audit/audit-csv";
import { listAudit } from "../../../services/console/audit/list-audit";
import { consoleProcedure, router } from "../../../trpc";

/** The console's audit view (issue 36, point 6). */
export const auditRouter = router({
  /** GET /admin/api/audit: every admin action, newest first, filtered, keyset-paged. */
  list: consoleProcedure.input(auditListInput).query(({ ctx, input }) => listAudit(ctx, input)),
  /** GET /admin/api/audit.csv: the same filters' rows as a CSV file. */
  csv: consoleProcedure.input(auditListInput.omit({ cursor: true })).query(({ ctx, input }) => auditCsv(ctx, input)),
});
