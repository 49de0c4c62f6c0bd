import { DAY_MS } from "@market/contracts";
import { z } from "zod";
import type { Clock } from "../../../clock";
import { appSecretProof, GRAPH_API, graphErrorOf } from "./graph";
import type { TokenCheck } from "./ports";

/**
 * The check of the Instagram reader's token (INSTAGRAM_ACCESS_TOKEN). That token should be a system user's
 * non-expiring token: Meta documents system users of a business portfolio as having "Non-expiring Access Tokens"
 * ("Lifetime: Never expires. Need to refresh? No",
 * https://developers.facebook.com/docs/business-management-apis/system-users/install-apps-and-generate-tokens), where a
 * long-lived user token lasts about 60 days and cannot be renewed without its user logging in again
 * (https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived). A token does not
 * refresh itself here, so the check is what tells the operator: Graph's debug_token
 * (https://developers.facebook.com/docs/graph-api/reference/debug_token), asked with the app's token
 * `{app-id}|{app-secret}`, says whether the token is valid and when it and its data access run out (0: never).
 */

/** A token running out within this much time is reported, so the operator has time to replace it. */
export const TOKEN_EXPIRY_WARNING_MS = 14 * DAY_MS;

const debugTokenSchema = z.object({
  data: z.object({
    is_valid: z.boolean(),
    expires_at: z.number().optional(),
    data_access_expires_at: z.number().optional(),
    error: z.object({ message: z.string().optional(), code: z.number().optional() }).optional(),
  }),
});

export interface TokenCheckOptions {
  accessToken: string;
  /** The Facebook app's id and secret (FACEBOOK_CLIENT_ID, FACEBOOK_CLIENT_SECRET): debug_token needs the app. */
  appId?: string | undefined;
  appSecret?: string | undefined;
  clock: Clock;
}

/** A Unix time of Graph's, 0 or absent meaning never. */
const timeOf = (seconds: number | undefined) => (seconds ? new Date(seconds * 1000) : null);

export async function checkGraphToken(options: TokenCheckOptions): Promise<TokenCheck> {
  if (!options.appId || !options.appSecret) {
    return { state: "unchecked", reason: "FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET are needed to check it" };
  }
  const url = new URL(`${GRAPH_API}/debug_token`);
  url.searchParams.set("input_token", options.accessToken);
  const appToken = `${options.appId}|${options.appSecret}`;
  url.searchParams.set("appsecret_proof", appSecretProof(options.appSecret, appToken));
  let answer: { status: number; body: unknown };
  try {
    const response = await fetch(url, {
      headers: { accept: "application/json", authorization: `Bearer ${appToken}` },
    });
    answer = { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return { state: "unchecked", reason: "Graph's debug_token is unreachable" };
  }
  const parsed = debugTokenSchema.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) {
    const error = graphErrorOf(answer.body);
    const why = error ? `${error.code ?? ""} ${error.message ?? ""}`.trim() : "an unexpected answer";
    return { state: "unchecked", reason: `debug_token answered ${answer.status}: ${why}` };
  }
  const token = parsed.data.data;
  if (!token.is_valid) {
    return { state: "invalid", reason: token.error?.message ?? "Graph says the token is not valid" };
  }
  const ends = [timeOf(token.expires_at), timeOf(token.data_access_expires_at)].filter((end) => end !== null);
  const expiresAt = ends.length === 0 ? null : new Date(Math.min(...ends.map((end) => end.getTime())));
  if (expiresAt && expiresAt.getTime() - options.clock.now().getTime() <= TOKEN_EXPIRY_WARNING_MS) {
    return { state: "expiring", expiresAt };
  }
  return { state: "ok", expiresAt };
}
