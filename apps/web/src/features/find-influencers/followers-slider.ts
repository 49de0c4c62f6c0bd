import { FOLLOWERS_FILTER } from "@market/contracts";

/**
 * The followers slider of spec section 9: 2,000 to 5,000,000 with stops at min, 10000, 50000, 100000, 500000,
 * 1000000 and max. The slider moves over the stop positions (0 to 6); each position stands for one stop value.
 */
export const FOLLOWERS_STEPS: readonly number[] = FOLLOWERS_FILTER.steps;
export const FOLLOWERS_LAST_POSITION = FOLLOWERS_STEPS.length - 1;

/** The followers count at a slider position, clamped to the ends. */
export function followersAt(position: number): number {
  const index = Math.min(FOLLOWERS_LAST_POSITION, Math.max(0, Math.round(position)));
  return FOLLOWERS_STEPS[index] as number;
}

/** The slider position of a followers count: the nearest stop (by ratio, the slider being logarithmic-ish). */
export function positionOf(followers: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  FOLLOWERS_STEPS.forEach((step, index) => {
    const distance = Math.abs(Math.log(Math.max(1, followers)) - Math.log(step));
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

const trim = (value: number): string => String(Math.round(value * 10) / 10);

/**
 * A slider label rounded to thousands or millions: 2_000 -> "2K", 10_000 -> "10K", 1_500_000 -> "1.5M", and the
 * top of the range with a plus sign ("5M+": that many followers or more).
 */
export function followersLabel(followers: number): string {
  const plus = followers >= FOLLOWERS_FILTER.max ? "+" : "";
  if (followers >= 1_000_000) return `${trim(followers / 1_000_000)}M${plus}`;
  if (followers >= 1_000) return `${trim(followers / 1_000)}K${plus}`;
  return `${followers}${plus}`;
}
