import { INFINITE_SCROLL_THRESHOLD_PX } from "@market/contracts";
import { type RefObject, useEffect, useEffectEvent } from "react";

/**
 * Spec section 9: the list grows as the reader nears its end, from about INFINITE_SCROLL_THRESHOLD_PX (510 px)
 * below the viewport. The sentinel (the Show more button at the end of the list) is watched with that margin.
 * A new observer is made whenever loading becomes possible again (after each page): observing fires at once, so
 * a page too short to fill the screen keeps growing until the sentinel is out of reach or the list ends.
 */
export function useLoadMoreOnScroll(
  sentinel: RefObject<Element | null>,
  { canLoad, loadMore, loaded }: { canLoad: boolean; loadMore: () => void; loaded: number },
) {
  const onNear = useEffectEvent(loadMore);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loaded` re-arms the observer after each page.
  useEffect(() => {
    const target = sentinel.current;
    if (!canLoad || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onNear();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [sentinel, canLoad, loaded]);
}
