import { Slider } from "radix-ui";
import { useEffect, useState } from "react";

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

/** A two-thumb slider that follows the pointer locally and applies its range on release. */
export function RangeSlider({ label, min, max, value, format, thumbLabels, onCommit, disabled }: RangeSliderProps) {
  const [local, setLocal] = useState<[number, number]>(value);
  // Follows a new value (a reset, a link) but not a mere re-render, which gives an equal range in a new array.
  const [lo, hi] = value;
  useEffect(() => setLocal([lo, hi]), [lo, hi]);
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="text-xs text-slate-500">{label}</span>
        <span className="font-medium" aria-hidden="true">
          {format(local[0])} – {format(local[1])}
        </span>
      </div>
      <Slider.Root
        className="relative mt-2 flex h-5 w-full touch-none items-center select-none"
        min={min}
        max={max}
        step={1}
        minStepsBetweenThumbs={0}
        value={local}
        disabled={disabled}
        onValueChange={(next) => setLocal([next[0] ?? min, next[1] ?? max])}
        onValueCommit={(next) => onCommit([next[0] ?? min, next[1] ?? max])}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-slate-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
        </Slider.Track>
        {thumbLabels.map((thumbLabel, index) => (
          <Slider.Thumb
            key={thumbLabel}
            aria-label={thumbLabel}
            aria-valuetext={format(local[index] ?? min)}
            className="block size-5 rounded-full border-2 border-brand-600 bg-white shadow focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          />
        ))}
      </Slider.Root>
    </div>
  );
}
