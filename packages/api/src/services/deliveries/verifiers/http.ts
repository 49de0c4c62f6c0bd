import { countOf } from "../../networks/providers/http";

/** How long one look-up may take: the check runs after the delivery commits, and the influencer waits for it. */
export const LOOKUP_TIMEOUT_MS = 5_000;

export type LookupAnswer = { ok: true; status: number; body: unknown } | { ok: false; reason: string };

/**
 * One GET to a network's API, bounded by LOOKUP_TIMEOUT_MS. An unreachable API or a timeout is `ok: false` (the
 * check reads it as unavailable); any HTTP answer is given to the adapter with its status. Never logs a token.
 */
export async function lookupGet(url: URL, headers: Record<string, string> = {}): Promise<LookupAnswer> {
  try {
    const response = await fetch(url, {
      headers: { accept: "application/json", ...headers },
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => null);
    return { ok: true, status: response.status, body };
  } catch {
    return { ok: false, reason: `${url.host}${url.pathname} unreachable` };
  }
}

/** "answered 503" with the provider's message when its body has one. */
export function answeredWith(url: URL, status: number, body: unknown): string {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  const message = typeof error?.message === "string" ? `: ${error.message.slice(0, 200)}` : "";
  return `${url.host}${url.pathname} answered ${status}${message}`;
}

export { countOf };
