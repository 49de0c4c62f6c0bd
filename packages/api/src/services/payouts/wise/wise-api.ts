import { callJson, field, type JsonAnswer } from "../http-json";

export interface WiseOptions {
  /** A personal or business API token of the paying Wise account (WISE_API_TOKEN). */
  apiToken: string;
  /** The business profile that pays (WISE_PROFILE_ID). */
  profileId: string;
  /** https://api.transferwise.com, or https://api.sandbox.transferwise.tech for Wise's sandbox (WISE_API_URL). */
  apiUrl: string;
  /** The time, to tell whether a remembered quote is still good; the server's clock. */
  now?: () => Date;
}

/** The calls of Wise's REST API the adapter makes, authenticated with the token, JSON both ways. */
export function wiseApi(options: WiseOptions) {
  const base = options.apiUrl.replace(/\/$/, "");
  const auth = { authorization: `Bearer ${options.apiToken}` };
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    callJson(`${base}${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    profile: options.profileId,
    get: (path: string, headers?: Record<string, string>) => send("GET", path, undefined, headers),
    post: (path: string, body: unknown) => send("POST", path, body),
    /** Wise's quote update is a JSON merge patch (docs.wise.com/api-reference/quote, "Update a quote"). */
    patch: (path: string, body: unknown) =>
      send("PATCH", path, body, { "content-type": "application/merge-patch+json" }),
  };
}
export type WiseApi = ReturnType<typeof wiseApi>;

/**
 * Wise's words in an error answer (docs.wise.com/guides/developer/errors): `{errors: [{code, message, path}]}`
 * for validation, else a top-level `message` or `errorMessage`.
 */
export function wiseErrorMessage(answer: JsonAnswer): string | null {
  const errors = field(answer.body, "errors");
  if (Array.isArray(errors)) {
    const messages = errors.map((error) => field(error, "message")).filter((m): m is string => typeof m === "string");
    if (messages.length > 0) return messages.join(" ");
  }
  for (const key of ["message", "errorMessage"]) {
    const message = field(answer.body, key);
    if (typeof message === "string") return message;
  }
  return null;
}
