import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The Market-Signature header (Stripe's scheme): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the
 * endpoint's secret. The timestamp inside the signed text lets a receiver refuse a replay older than a few minutes.
 * During a roll's grace period `secrets` holds the new secret and the old one: one `v1=` each (new first), so a
 * receiver still checking with the old secret keeps verifying until it switches.
 */
export function signatureHeader(secrets: string | readonly string[], body: string, unixSeconds: number): string {
  const all = typeof secrets === "string" ? [secrets] : secrets;
  return [`t=${unixSeconds}`, ...all.map((secret) => `v1=${signatureOf(secret, body, unixSeconds)}`)].join(",");
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
  const parts = header.split(",").map((part) => part.split("=", 2) as [string, string | undefined]);
  const t = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, body, t), "hex");
  // Any of the v1 signatures (a roll's grace period sends two) may be the one made with this secret.
  return parts.some(([key, value]) => {
    if (key !== "v1") return false;
    const given = Buffer.from(value ?? "", "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
