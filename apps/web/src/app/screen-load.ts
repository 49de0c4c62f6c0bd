/**
 * How long a navigation waits for its screen's data before showing the screen anyway. At idle the data is in well
 * before (one round trip); past this, the screen renders its own loading state and its hooks join the requests
 * already in flight, so a slow or hung answer never holds the navigation.
 */
export const SCREEN_WAIT_MS = 800;

/** Why the router runs a loader: a link's intent, arriving on the screen, or a change of the screen's own search. */
export type LoadCause = "preload" | "enter" | "stay";

/**
 * A signed-in screen's loader (issue 33): it starts every query the screen reads at mount, all at once, so that
 * httpBatchLink sends them in one request, through the very keys the screen's hooks use (the same input functions
 * and options), so the hooks find the answers in the cache: no second request, no loading line after a preload.
 *
 * - It never fails the navigation: `prefetch` and `prefetchInfinite` do not throw; a failed query stays in the cache
 *   as failed, and the screen's hook, mounting without data, asks again and shows the screen's own error state.
 * - It waits at most SCREEN_WAIT_MS (above).
 * - A change of the screen's own search (a filter, a sort: cause "stay") loads nothing here: the screen asks for
 *   its new state itself and keeps the previous answer on screen meanwhile (keepPreviousData), with its controls
 *   answering at once instead of waiting for the list.
 */
export async function loadScreen(cause: LoadCause, start: () => readonly Promise<unknown>[]): Promise<void> {
  if (cause === "stay") return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SCREEN_WAIT_MS);
  });
  try {
    await Promise.race([Promise.allSettled(start()), waited]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The options of a loader's infinite query: the screen's own pages (its getNextPageParam), of which the loader
 * reads the first; the screen reads on from there.
 */
export const firstPageOf = <Pages extends object>(pages: Pages) => ({ ...pages, pages: 1 }) as const;
