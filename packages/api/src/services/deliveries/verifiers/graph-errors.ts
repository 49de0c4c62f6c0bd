import { graphErrorOf } from "../../networks/providers/graph";

/**
 * Why a Graph call failed, in the words the check stores for an admin (never a token: the host and path only). Graph's
 * error object (https://developers.facebook.com/docs/graph-api/guides/error-handling) names rate limits by code 4
 * (the app's), 17 (the user's), 32 (the page's) and 613 (a call's own limit), and a token that is expired, revoked or
 * of the wrong kind by 190; each is a failure to ask, not an answer about the post, so the sweep asks again later.
 */
export const GRAPH_RATE_LIMIT_CODES: readonly number[] = [4, 17, 32, 613];

export function graphFailure(url: URL, status: number, body: unknown): string {
  const where = `${url.host}${url.pathname} answered ${status}`;
  const error = graphErrorOf(body);
  if (!error) return where;
  const code = error.code ?? 0;
  const kind = GRAPH_RATE_LIMIT_CODES.includes(code)
    ? "rate limited"
    : code === 190
      ? "the token was refused (expired or revoked)"
      : `error ${code}`;
  const message = error.message ? `: ${error.message.slice(0, 160)}` : "";
  return `${where}, ${kind}${message}`;
}
