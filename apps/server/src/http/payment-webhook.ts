import { type ApiDeps, processWebhook } from "@market/api";
import type { FastifyInstance } from "fastify";
import { success } from "../rest/envelope";

export const PAYMENT_WEBHOOK_PATH = "/api/payments/stripe/webhook";

/**
 * POST /api/payments/stripe/webhook: the payment provider's events (services/payments/webhooks.ts). The signature
 * covers the exact bytes sent, so this route, in its own scope, takes the body raw whatever its type instead of
 * the API's JSON parser. No CSRF guard: the caller is the provider's server, carries no session, and is trusted
 * only through the signature. Answers the envelope: success once handled (or already handled), 400 invalid with
 * the reason for a bad or stale signature, 404 not_found for an intent not recorded yet (the provider retries).
 */
export async function paymentWebhookPlugin(
  app: FastifyInstance,
  options: { deps: Pick<ApiDeps, "db" | "clock" | "payments"> },
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  app.post(PAYMENT_WEBHOOK_PATH, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body.toString("utf8") : "";
    const signature = request.headers["stripe-signature"];
    return success(await processWebhook(options.deps, raw, typeof signature === "string" ? signature : undefined));
  });
}
