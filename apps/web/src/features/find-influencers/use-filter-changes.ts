import { useEffect, useEffectEvent, useState } from "react";
import { type FindState, resetFilters, withFilters } from "./find-state";

/**
 * How long the sliders wait after their last step before the state follows: each arrow key moves a thumb at once,
 * and the URL and the search follow once, when the hand stops.
 */
const SLIDER_SETTLE_MS = 300;

export type FilterPatch = Partial<Omit<FindState, "page">>;
export type Ranges = Pick<FindState, "followers" | "ages">;

export interface FilterChanges {
  /** The sliders' ranges as the user left them, pending ones included. */
  ranges: Ranges;
  /** Whether a slider's range waits to apply. */
  settling: boolean;
  /** A list, the gender, the keyword or the sort: applies at once, taking a pending range with it. */
  apply: (patch: FilterPatch) => void;
  /** A slider's range: applies once no other has come for SLIDER_SETTLE_MS. */
  settle: (ranges: Partial<Ranges>) => void;
  /** Reset filters: drops a pending range too, which would otherwise come back after the reset. */
  reset: () => void;
}

/** The changes the filters make to the URL state of Find influencers. */
export function useFilterChanges(state: FindState, onChange: (state: FindState) => void): FilterChanges {
  const [pending, setPending] = useState<Partial<Ranges> | null>(null);
  // Read when the timer fires, so the pending range goes onto the state of that moment (a filter changed meanwhile).
  const applyPending = useEffectEvent((ranges: Partial<Ranges>) => {
    setPending(null);
    onChange(withFilters(state, ranges));
  });
  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => applyPending(pending), SLIDER_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  return {
    ranges: { followers: pending?.followers ?? state.followers, ages: pending?.ages ?? state.ages },
    settling: pending !== null,
    apply: (patch) => {
      setPending(null);
      onChange(withFilters(state, { ...pending, ...patch }));
    },
    settle: (ranges) => setPending((current) => ({ ...current, ...ranges })),
    reset: () => {
      setPending(null);
      onChange(resetFilters(state));
    },
  };
}
