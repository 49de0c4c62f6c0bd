import type { NetworkLinkError } from "@market/contracts";
import {
  ArcticFetchError,
  OAuth2RequestError,
  type OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from "arctic";
import type { z } from "zod";
import type { Clock } from "../../../clock";
import { NetworkLinkFailure, type OAuthTokens } from "./ports";

/**
 * What the real adapters share: a token answer from arctic read against the injected clock, and the providers'
 * API calls, whose failures become NetworkLinkFailure with the value the adapter gives them. Messages name the
 * endpoint and the provider's error, never a token.
 */

export function tokensOf(tokens: OAuth2Tokens, clock: Clock): OAuthTokens {
  const data = tokens.data as { expires_in?: unknown };
  const expiresIn = typeof data.expires_in === "number" ? data.expires_in : null;
  return {
    accessToken: tokens.accessToken(),
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
    expiresAt: expiresIn === null ? null : new Date(clock.now().getTime() + expiresIn * 1000),
  };
}

function describeTokenError(error: unknown): string {
  if (error instanceof OAuth2RequestError) return `${error.code}${error.description ? ` (${error.description})` : ""}`;
  if (error instanceof UnexpectedResponseError || error instanceof UnexpectedErrorResponseBodyError) {
    return `status ${error.status}`;
  }
  if (error instanceof ArcticFetchError) return "provider unreachable";
  return error instanceof Error ? error.message : "unexpected answer";
}

/**
 * Runs a token request (code exchange or refresh). A refusal (invalid_grant, a revoked refresh token), an
 * unreachable provider or an answer without a token is the provider's no: NetworkLinkFailure(value).
 */
export async function tokenRequest(value: NetworkLinkError, what: string, run: () => Promise<OAuthTokens>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof NetworkLinkFailure) throw error;
    throw new NetworkLinkFailure(value, `${what} refused: ${describeTokenError(error)}`);
  }
}

/** The error message a provider put in its JSON answer (Graph, Google, X), if any. */
function providerMessage(body: unknown): string {
  if (typeof body !== "object" || body === null) return "";
  const record = body as { error?: unknown; detail?: unknown; title?: unknown };
  if (typeof record.error === "object" && record.error !== null) {
    const { message, code } = record.error as { message?: unknown; code?: unknown };
    return [code, message].filter((part) => part !== undefined).join(" ");
  }
  if (typeof record.error === "string") return record.error;
  return String(record.detail ?? record.title ?? "");
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** One GET to a provider's API; a network failure is `value`. The body is null when it is not JSON. */
export async function apiGet(url: URL, headers: Record<string, string>, value: NetworkLinkError): Promise<ApiAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json", ...headers } });
  } catch {
    throw new NetworkLinkFailure(value, `${url.host}${url.pathname} unreachable`);
  }
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body };
}

/** The answer's body read with `schema` when it is a success; any other answer is `value`. */
export function readAnswer<T>(answer: ApiAnswer, url: URL, schema: z.ZodType<T>, value: NetworkLinkError): T {
  const where = `${url.host}${url.pathname}`;
  if (answer.status < 200 || answer.status >= 300) {
    throw new NetworkLinkFailure(value, `${where} answered ${answer.status}: ${providerMessage(answer.body)}`.trim());
  }
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new NetworkLinkFailure(value, `${where} answered an unexpected body`);
  return parsed.data;
}

/** GET, then read: the usual call. */
export async function getJson<T>(
  url: URL,
  headers: Record<string, string>,
  schema: z.ZodType<T>,
  value: NetworkLinkError,
): Promise<T> {
  return readAnswer(await apiGet(url, headers, value), url, schema, value);
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** A count the API writes as a string (YouTube's statistics) or a number; null when absent or not a count. */
export function countOf(value: unknown): number | null {
  const number = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number >= 0 ? number : null;
}
