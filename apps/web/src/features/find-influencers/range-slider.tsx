import { type RefObject, useEffect, useRef, useState } from "react";

interface RangeSliderProps {
  label: string;
  /** Slider positions (not values): min..max in steps of 1. */
  min: number;
  max: number;
  value: [number, number];
  /** The text of a position, shown beside the slider and announced by each thumb. */
  format: (position: number) => string;
  thumbLabels: [string, string];
  /** Called once a thumb is released or moved with the keyboard (each step), not on every pointer move. */
  onCommit: (value: [number, number]) => void;
  disabled?: boolean;
}

/**
 * A two-thumb slider that follows the pointer locally and applies its range on release: two native range inputs
 * over one track (styles.css, `.range-pair`), so each thumb is a slider to the keyboard and to assistive
 * technology with nothing downloaded for it (the visitor's /find shows two of them). A thumb stops at the other
 * one. The native `change` event is the commit: it fires on release and on each keyboard step.
 */
export function RangeSlider({ label, min, max, value, format, thumbLabels, onCommit, disabled }: RangeSliderProps) {
  const [local, setLocal] = useState<[number, number]>(value);
  // Follows a new value (a reset, a link) but not a mere re-render, which gives an equal range in a new array.
  const [lo, hi] = value;
  useEffect(() => setLocal([lo, hi]), [lo, hi]);
  const low = useRef<HTMLInputElement>(null);
  const high = useRef<HTMLInputElement>(null);
  useCommitOnChange(low, high, onCommit);

  const span = max - min || 1;
  const percent = (position: number) => ((position - min) / span) * 100;
  // Where the thumbs meet, the one with room to move lies on top: at the upper end only the lower one can move.
  const lowOnTop = local[0] === local[1] && percent(local[0]) > 50;
  const move = (index: 0 | 1, position: number) =>
    setLocal(([from, to]) => (index === 0 ? [Math.min(position, to), to] : [from, Math.max(position, from)]));

  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="text-xs text-slate-500">{label}</span>
        <span className="font-medium" aria-hidden="true">
          {format(local[0])} – {format(local[1])}
        </span>
      </div>
      <div className="range-pair relative mt-2 h-5 w-full touch-none select-none">
        {/* Inset by half a thumb: a native thumb's centre runs from half its width to the width less that. */}
        <div className="absolute inset-x-2.5 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-slate-200">
          <div
            className="absolute h-full rounded-full bg-brand-600"
            style={{ left: `${percent(local[0])}%`, right: `${100 - percent(local[1])}%` }}
          />
        </div>
        {([0, 1] as const).map((index) => (
          <input
            key={thumbLabels[index]}
            ref={index === 0 ? low : high}
            type="range"
            min={min}
            max={max}
            step={1}
            value={local[index]}
            disabled={disabled}
            aria-label={thumbLabels[index]}
            aria-valuetext={format(local[index])}
            onChange={(event) => move(index, Number(event.target.value))}
            className={index === 0 && lowOnTop ? "z-10" : undefined}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * Calls onCommit with both thumbs' positions on the native `change` event (React's onChange is the `input`
 * event, every pointer move). By then React has applied the move, so the inputs hold the range as shown.
 */
function useCommitOnChange(
  low: RefObject<HTMLInputElement | null>,
  high: RefObject<HTMLInputElement | null>,
  onCommit: (value: [number, number]) => void,
) {
  useEffect(() => {
    const inputs = [low.current, high.current];
    const commit = () => {
      const [from, to] = inputs.map((input) => Number(input?.value));
      onCommit([from ?? 0, to ?? 0]);
    };
    for (const input of inputs) input?.addEventListener("change", commit);
    return () => {
      for (const input of inputs) input?.removeEventListener("change", commit);
    };
  }, [low, high, onCommit]);
}
