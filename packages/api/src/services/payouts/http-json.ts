import { PayoutProviderError } from "./provider";

/** The answer of a provider's JSON API: its status, parsed body (null when empty or not JSON) and headers. */
export interface JsonAnswer {
  status: number;
  body: unknown;
  /** Some answers say more in a header (Wise's 403 for strong customer authentication: x-2fa-approval-result). */
  headers?: Headers;
}

const TIMEOUT_MS = 20_000;

/**
 * One HTTP call to a payout provider, with a timeout. A network failure or a timeout is thrown (a PayoutProviderError:
 * the worker tries again later with the same idempotency reference); every HTTP answer is returned for the adapter
 * to read, since the providers' refusals of a payout come as 4xx answers.
 */
export async function callJson(url: string, init: RequestInit): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new PayoutProviderError(`${init.method ?? "GET"} ${new URL(url).pathname} failed`, { cause: error });
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body, headers: response.headers };
}

/** A field of a JSON object, or undefined. */
export function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** Throws for an answer the adapter does not expect: a 5xx, our credentials refused, an unreadable body. */
export function unexpected(provider: string, what: string, answer: JsonAnswer): never {
  throw new PayoutProviderError(`${provider}: ${what} answered ${answer.status}`);
}
