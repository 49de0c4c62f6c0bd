import type { Caller, CallerFactory } from "@market/api";
import type { ReceiptFile } from "@market/contracts";
import type { FastifyInstance } from "fastify";
import type { RequestInfoOf } from "../http/request-info";
import { type RestRequest, type RestRoute, untrusted } from "./route";

export interface ReceiptsPluginOptions {
  callerFor: CallerFactory;
  requestInfo: RequestInfoOf;
}

/** A receipt's path: a procedure whose answer is a PDF file, served as one rather than in the envelope. */
export interface ReceiptRoute extends RestRoute {
  method: "GET";
  call: (caller: Caller, request: RestRequest) => Promise<ReceiptFile>;
}

/** The receipt downloads (issue 40): the procedures check who may ask and whether the money was paid. */
export const receiptRoutes: ReceiptRoute[] = [
  {
    method: "GET",
    path: "/api/applications/:id/receipt.pdf",
    call: (caller, { params }) => caller.applications.receipt(untrusted({ id: params.id })),
  },
  {
    method: "GET",
    path: "/api/earnings/payouts/:id/receipt.pdf",
    call: (caller, { params }) => caller.earnings.payoutReceipt(untrusted({ id: params.id })),
  },
];

/**
 * GET /api/applications/{id}/receipt.pdf (the brand) and GET /api/earnings/payouts/{id}/receipt.pdf (the
 * influencer): the session cookie authenticates, as the browser follows a plain link; the PDF is an attachment
 * named with the receipt's number, and like every GET under /api never cached (the request hooks' no-store). A
 * refusal answers the JSON envelope with its status (the root's error handler), like every other path.
 */
export async function receiptsPlugin(app: FastifyInstance, options: ReceiptsPluginOptions): Promise<void> {
  for (const route of receiptRoutes) {
    app.get(route.path, async (request, reply) => {
      const caller = await options.callerFor(options.requestInfo(request, reply));
      const { filename, pdf } = await route.call(caller, {
        params: request.params as Record<string, string>,
        query: {},
        body: undefined,
      });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    });
  }
}
