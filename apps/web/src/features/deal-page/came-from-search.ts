export const SEARCH_PATH = "/search";

/** Whether the previous history entry (its full address, or null when unknown) is this site's deal search. */
export function cameFromSearch(previousUrl: string | null, origin: string): boolean {
  if (!previousUrl) return false;
  try {
    const url = new URL(previousUrl);
    return url.origin === origin && url.pathname === SEARCH_PATH;
  } catch {
    return false;
  }
}
