import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The Market-Signature header (Stripe's scheme): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the
 * endpoint's secret. The timestamp inside the signed text lets a receiver refuse a replay older than a few minutes.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${signatureOf(secret, body, unixSeconds)}`;
}

function signatureOf(secret: string, body: string, unixSeconds: number): string {
  return createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
}

/**
 * A receiver's check, as docs/api.md shows it: the header's v1 matches the body under the secret, and its time is
 * within `toleranceSeconds` of `nowSeconds`. Exported for the tests that check real deliveries with it.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const v1 = parts.get("v1") ?? "";
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, body, t), "hex");
  const given = Buffer.from(v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
