import { createHmac } from "node:crypto";

/**
 * Signs a webhook body the way Stripe does (docs.stripe.com/webhooks/signature): the `Stripe-Signature` header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the endpoint's whsec_ secret>`. Written from the
 * documented scheme rather than with the SDK's helper, so the adapter's verification is checked against the scheme.
 */
export function signStripeWebhook(body: string, secret: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** The API version the installed SDK pins, which Stripe stamps on the events it sends to this endpoint. */
export const STRIPE_EVENT_API_VERSION = "2026-10-28.endive";

/** A v1 ("snapshot") event body as Stripe posts it: the object as it was when the event happened. */
export function stripeEventBody(event: { id: string; type: string; object: unknown; at: Date }): string {
  return JSON.stringify(
    {
      id: event.id,
      object: "event",
      api_version: STRIPE_EVENT_API_VERSION,
      created: Math.floor(event.at.getTime() / 1000),
      data: { object: event.object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: event.type,
    },
    null,
    2,
  );
}
