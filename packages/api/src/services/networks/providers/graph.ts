import { createHmac } from "node:crypto";
import { z } from "zod";

/**
 * Meta's Graph API as the Facebook and Instagram adapters call it: one pinned version, the appsecret_proof every
 * call carries, and Graph's error object.
 *
 * The version: Meta keeps each Graph version for at least two years, and a version stops two years after the next
 * one is released (https://developers.facebook.com/docs/apps/versions, "Version Schedules"). Meta's table
 * (https://developers.facebook.com/docs/graph-api/changelog/versions/, read 2026-12-05) gives v21.0 until
 * 2027-01-21, v25.0 (2026-02-18) until 2028-07-29 and v26.0 (2026-07-29) "TBD": v26.0 is the only version that can
 * last two years from now, as it runs until two years after v27.0 comes out. Move to the next one before its date.
 */
export const GRAPH_VERSION = "v26.0";
export const GRAPH_API = `https://graph.facebook.com/${GRAPH_VERSION}`;
/** The Facebook Login dialog of the same version. */
export const FACEBOOK_DIALOG = `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`;

/**
 * appsecret_proof: the HMAC-SHA256 of the token the call uses, keyed with the app secret
 * (https://developers.facebook.com/docs/graph-api/securing-requests). Each token has its own: a Page token's call
 * carries the proof of the Page token, not of the user's.
 */
export const appSecretProof = (appSecret: string, accessToken: string) =>
  createHmac("sha256", appSecret).update(accessToken).digest("hex");

/** Graph's error object (https://developers.facebook.com/docs/graph-api/guides/error-handling). */
const graphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
  }),
});

export type GraphError = z.infer<typeof graphErrorSchema>["error"];

/** The error object of a Graph answer's body, or null when the body is not one. */
export function graphErrorOf(body: unknown): GraphError | null {
  const parsed = graphErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error : null;
}
