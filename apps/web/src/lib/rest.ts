import { type FieldIssue, REASONS, type Reason } from "@market/contracts";

/**
 * What every documented /api and /admin/api call answers (spec section 7); a rate limit's refusal also says in how
 * many seconds to try again (its Retry-After).
 */
export type RestResult<T> =
  | { status: "success"; data: T }
  | { status: "error"; reason: Reason; issues?: FieldIssue[]; retryAfterSeconds?: number };

const isReason = (value: unknown): value is Reason => (REASONS as readonly unknown[]).includes(value);

const isIssue = (value: unknown): value is FieldIssue =>
  typeof value === "object" &&
  value !== null &&
  "path" in value &&
  Array.isArray(value.path) &&
  value.path.every((part) => typeof part === "string" || typeof part === "number") &&
  "message" in value &&
  typeof value.message === "string";

/** The well-formed issues of an error body; none when it has no list. */
function issuesOf(body: object): FieldIssue[] | undefined {
  if (!("issues" in body) || !Array.isArray(body.issues)) return undefined;
  return body.issues.filter(isIssue).map(({ path, message }) => ({ path, message }));
}

/**
 * Reads an answer body. Null when it has no `status` field: the server no longer speaks the protocol this page
 * was built for (a new deployment, a proxy error page), and spec section 7 says the page must then reload.
 */
export function readEnvelope<T>(body: unknown): RestResult<T> | null {
  if (typeof body !== "object" || body === null || !("status" in body)) return null;
  // The body is the server's word for what it sends; its type is the caller's declaration of that.
  if (body.status === "success") return { status: "success", data: ("data" in body ? body.data : undefined) as T };
  const reason = "reason" in body ? body.reason : undefined;
  const issues = issuesOf(body);
  return { status: "error", reason: isReason(reason) ? reason : "generic", ...(issues ? { issues } : {}) };
}

export interface RestDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  reload: () => void;
}

/** GET answers must never come from a cache (spec section 7). */
const NO_CACHE = { "Cache-Control": "no-cache", Pragma: "no-cache" };

export function createRest({ fetch, reload }: RestDeps) {
  async function send<T>(path: string, init: RequestInit): Promise<RestResult<T>> {
    let body: unknown;
    let retryAfter: string | null;
    try {
      const response = await fetch(path, { credentials: "same-origin", ...init });
      retryAfter = response.headers.get("retry-after");
      body = await response.json().catch(() => undefined);
    } catch {
      return { status: "error", reason: "generic" };
    }
    const result = readEnvelope<T>(body);
    if (result?.status === "error" && retryAfter && /^[1-9]\d{0,8}$/.test(retryAfter)) {
      return { ...result, retryAfterSeconds: Number(retryAfter) };
    }
    if (result) return result;
    reload();
    // The page is going away; toasts are muted from unload on, so callers may treat this like any failure.
    return { status: "error", reason: "generic" };
  }

  return {
    get: <T>(path: string) => send<T>(path, { method: "GET", headers: NO_CACHE }),
    /** JSON body, or FormData for uploads (the browser then sets the multipart boundary). */
    post: <T>(path: string, body?: unknown) =>
      send<T>(
        path,
        body instanceof FormData
          ? { method: "POST", body }
          : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body ?? {}) },
      ),
  };
}

export const rest = createRest({
  fetch: (input, init) => window.fetch(input, init),
  reload: () => window.location.reload(),
});
