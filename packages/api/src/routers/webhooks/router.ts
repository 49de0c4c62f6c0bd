import {
  createWebhookInput,
  rollWebhookSecretInput,
  webhookDeliveriesInput,
  webhookDeliveryIdInput,
  webhookIdInput,
} from "@market/contracts";
import { listWebhookDeliveries, resendWebhookDelivery, sendTestWebhook } from "../../services/webhooks/deliveries";
import { createWebhook, listWebhooks, removeWebhook, rollWebhookSecret } from "../../services/webhooks/endpoints";
import { pauseWebhook, resumeWebhook } from "../../services/webhooks/pause";
import { router, signedInProcedure } from "../../trpc";

/** Issue 39: an account's signed webhooks (docs/api.md, Webhooks). */
export const webhooksRouter = router({
  /** GET /api/webhooks */
  list: signedInProcedure.query(({ ctx }) => listWebhooks(ctx, ctx.viewer)),
  /** POST /api/webhooks: answers the endpoint with its secret, once. */
  create: signedInProcedure
    .input(createWebhookInput)
    .mutation(({ ctx, input }) => createWebhook(ctx, ctx.viewer, input)),
  /** POST /api/webhooks/{id}/remove */
  remove: signedInProcedure.input(webhookIdInput).mutation(({ ctx, input }) => removeWebhook(ctx, ctx.viewer, input)),
  /** POST /api/webhooks/{id}/roll-secret: answers the new secret, once; the old one signs too for a while. */
  rollSecret: signedInProcedure
    .input(rollWebhookSecretInput)
    .mutation(({ ctx, input }) => rollWebhookSecret(ctx, ctx.viewer, input)),
  /** POST /api/webhooks/{id}/pause: no events recorded or sent until resumed. */
  pause: signedInProcedure.input(webhookIdInput).mutation(({ ctx, input }) => pauseWebhook(ctx, ctx.viewer, input)),
  /** POST /api/webhooks/{id}/resume */
  resume: signedInProcedure.input(webhookIdInput).mutation(({ ctx, input }) => resumeWebhook(ctx, ctx.viewer, input)),
  /** POST /api/webhooks/{id}/test: a ping event to this endpoint. */
  test: signedInProcedure.input(webhookIdInput).mutation(({ ctx, input }) => sendTestWebhook(ctx, ctx.viewer, input)),
  /** GET /api/webhooks/{id}/deliveries */
  deliveries: signedInProcedure
    .input(webhookDeliveriesInput)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx, ctx.viewer, input)),
  /** POST /api/webhooks/deliveries/{id}/resend */
  resend: signedInProcedure
    .input(webhookDeliveryIdInput)
    .mutation(({ ctx, input }) => resendWebhookDelivery(ctx, ctx.viewer, input)),
});
