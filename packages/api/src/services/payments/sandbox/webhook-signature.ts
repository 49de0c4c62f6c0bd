import { createHmac, timingSafeEqual } from "node:crypto";
import { WebhookSignatureError } from "../gateway";

/** Stripe's tolerance between a webhook's signing time and its receipt (money.md, issue: 300 s). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, rawBody: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex");

/**
 * Stripe's webhook signature scheme (the Stripe-Signature header `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "t.body">`), which the sandbox signs its events with, so that its events travel the same verified path.
 */
export function signWebhook(secret: string, rawBody: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

/** Checks a Stripe-Signature header against the body; throws WebhookSignatureError on a bad or stale one. */
export function verifyWebhook(secret: string, rawBody: string, header: string | undefined, now: Date): void {
  if (!header) throw new WebhookSignatureError("No signature header");
  const parts = header.split(",").map((part) => part.split("=", 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  const signatures = parts.filter(([key, value]) => key === "v1" && value).map(([, value]) => value as string);
  if (!Number.isSafeInteger(timestamp) || signatures.length === 0) {
    throw new WebhookSignatureError("Unable to extract timestamp and signatures from header");
  }
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), "hex");
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError("No signatures found matching the expected signature for payload");
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError("Timestamp outside the tolerance zone");
  }
}
