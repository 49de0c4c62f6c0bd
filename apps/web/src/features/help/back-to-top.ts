import { HELP_BACK_TO_TOP_MS } from "@market/contracts";

/** Slow at both ends, so the jump reads as a movement rather than a cut. */
export const easeInOut = (progress: number): number =>
  progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;

/** Where the page should be `elapsedMs` into a scroll from `from` to the top that lasts `durationMs`. */
export function scrollTopAt(from: number, elapsedMs: number, durationMs: number): number {
  if (elapsedMs >= durationMs) return 0;
  return Math.round(from * (1 - easeInOut(Math.max(0, elapsedMs) / durationMs)));
}

export interface Frames {
  now(): number;
  requestFrame(callback: () => void): void;
}

/**
 * Scrolls to the top in HELP_BACK_TO_TOP_MS (spec section 9: 200 ms), one position per animation frame,
 * then calls onDone. The browser's own smooth scrolling cannot be given a duration.
 */
export function animateScrollToTop(options: {
  from: number;
  scrollTo: (top: number) => void;
  frames: Frames;
  onDone: () => void;
  durationMs?: number;
}): void {
  const { from, scrollTo, frames, onDone, durationMs = HELP_BACK_TO_TOP_MS } = options;
  const start = frames.now();
  const step = () => {
    const elapsed = frames.now() - start;
    scrollTo(scrollTopAt(from, elapsed, durationMs));
    if (elapsed < durationMs) frames.requestFrame(step);
    else onDone();
  };
  frames.requestFrame(step);
}
