/** Pure rules of the deal page's image carousel and its fullscreen view. */

/** Any index brought into 0..length-1, wrapping both ways (Next on the last image shows the first). */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

export type SwipeDirection = "next" | "previous";

/** How far a finger or pointer must travel sideways to count as a swipe, in CSS pixels. */
export const SWIPE_THRESHOLD_PX = 50;

export interface Point {
  x: number;
  y: number;
}

/**
 * A swipe from start to end: leftwards shows the next image, rightwards the previous one (the image follows
 * the finger). Shorter than the threshold, or more vertical than horizontal, is no swipe (a tap or a scroll).
 */
export function swipeDirection(start: Point, end: Point, threshold = SWIPE_THRESHOLD_PX): SwipeDirection | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? "next" : "previous";
}

/** The index after a step in a direction, wrapping. */
export const stepIndex = (index: number, direction: SwipeDirection, length: number): number =>
  wrapIndex(index + (direction === "next" ? 1 : -1), length);

/** ArrowLeft and ArrowRight (without modifier keys) step through the fullscreen images. */
export function arrowDirection(event: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): SwipeDirection | null {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (event.key === "ArrowRight") return "next";
  if (event.key === "ArrowLeft") return "previous";
  return null;
}
