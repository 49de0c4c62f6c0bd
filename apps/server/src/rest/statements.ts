import type { Caller, CallerFactory } from "@market/api";
import type { Statement } from "@market/contracts";
import type { FastifyInstance } from "fastify";
import type { RequestInfoOf } from "../http/request-info";
import { untrusted } from "./route";

export interface StatementsPluginOptions {
  callerFor: CallerFactory;
  requestInfo: RequestInfoOf;
}

/** The statement downloads: a CSV body, not the JSON envelope. The procedures check who may ask. */
export const STATEMENT_PATHS: Record<string, (caller: Caller, query: unknown) => Promise<Statement>> = {
  "/api/earnings/statement.csv": (caller) => caller.earnings.statement(),
  "/api/hires/statement.csv": (caller) => caller.hires.statement(),
  // The brand's report of a period (issue 40): from and to as the query string; the procedure parses them.
  "/api/reports.csv": (caller, query) => caller.reports.csv(untrusted(query)),
  // The console's audit export (issue 36): the audit view's filters as the query string; the procedure parses them.
  "/admin/api/audit.csv": (caller, query) => caller.admin.console.audit.csv(untrusted(query)),
};

/**
 * GET /api/earnings/statement.csv (influencer) and GET /api/hires/statement.csv (brand): the session cookie
 * authenticates, as the browser follows a plain link; the file is an attachment named with the date. A refusal
 * answers the JSON envelope with its status (the root's error handler), like every other path.
 */
export async function statementsPlugin(app: FastifyInstance, options: StatementsPluginOptions): Promise<void> {
  for (const [path, statementOf] of Object.entries(STATEMENT_PATHS)) {
    app.get(path, async (request, reply) => {
      const caller = await options.callerFor(options.requestInfo(request, reply));
      const { filename, csv } = await statementOf(caller, request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(csv);
    });
  }
}
