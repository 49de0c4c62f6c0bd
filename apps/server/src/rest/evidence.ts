import type { CallerFactory } from "@market/api";
import type { FastifyInstance } from "fastify";
import type { RequestInfoOf } from "../http/request-info";
import { untrusted } from "./route";

export interface EvidencePluginOptions {
  callerFor: CallerFactory;
  requestInfo: RequestInfoOf;
}

/**
 * GET /admin/api/cases/{applicationId}/evidence.zip (issue 36): a case's evidence pack as a ZIP attachment, for the
 * console's Download button (a plain link: the session cookie authenticates) and for scripts. The procedure
 * (admin.console.cases.evidence) checks who may ask: 401 to a visitor, 403 to anyone but an admin in their own
 * session; a refusal answers the JSON envelope with its status, like every other path.
 */
export async function evidencePlugin(app: FastifyInstance, options: EvidencePluginOptions): Promise<void> {
  app.get<{ Params: { applicationId: string } }>(
    "/admin/api/cases/:applicationId/evidence.zip",
    async (request, reply) => {
      const caller = await options.callerFor(options.requestInfo(request, reply));
      const { filename, bytes } = await caller.admin.console.cases.evidence(
        untrusted({ applicationId: request.params.applicationId }),
      );
      return reply
        .type("application/zip")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "no-store")
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
}
