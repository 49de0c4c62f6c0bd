import type { AccountKind } from "./enums";

/**
 * Where an admin may land once acting as a user (GET /admin/login?u=…&id=…&next=…, issue 36): the first segment of a
 * page of that kind's own route tree (apps/web/src/routes/<kind>), so that "Open as the brand" from a console page
 * lands on the object it was about (the campaign, the application) rather than the user's home.
 */
const TREE_SEGMENTS: Readonly<Record<AccountKind, readonly string[]>> = {
  brand: ["campaigns", "applications", "proposals", "influencers", "find", "hires", "settings", "help"],
  influencer: [
    "search",
    "deals",
    "proposals",
    "applications",
    "influencers",
    "earnings",
    "profile",
    "account",
    "help-center",
  ],
};

/** Longer than any page's path and query; a longer `next` is no link of ours. */
export const IMPERSONATION_NEXT_MAX = 512;

/** Any base works: only a path relative to it keeps it as its origin. */
const BASE = "http://same.origin.invalid";

/**
 * The `next` of an admin's impersonation link, as the path to redirect to, or null when it may not be followed: it
 * must be a same-origin relative path ("/…", not "//host", no backslash, no control character, which browsers strip
 * or read as a slash) into the impersonated kind's own tree (never /admin, nor the other kind's pages). The answer is
 * the path as the URL parser normalizes it ("/campaigns/../admin" is /admin, and refused), so what is checked is what
 * the browser is sent to. The server checks it before redirecting; the console checks it before writing a link.
 */
export function impersonationNextPath(kind: AccountKind, next: unknown): string | null {
  if (typeof next !== "string" || next.length === 0 || next.length > IMPERSONATION_NEXT_MAX) return null;
  if (!next.startsWith("/") || next.startsWith("//")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const [, segment = ""] = url.pathname.split("/");
  if (!TREE_SEGMENTS[kind].includes(segment)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
