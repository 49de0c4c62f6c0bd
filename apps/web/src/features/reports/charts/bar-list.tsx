/**
 * Horizontal bars, one per row, longest first as given: plain boxes sized by share of the largest value. Drawn for
 * the eye only (aria-hidden): the table beside it is its text.
 */
export interface Bar {
  key: string;
  label: string;
  value: number;
  /** The value as written at the bar's end. */
  display: string;
}

export function BarList({ bars, barClass }: { bars: readonly Bar[]; barClass: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <ul className="space-y-2" aria-hidden="true" data-testid="bar-list">
      {bars.map((bar) => (
        <li key={bar.key} className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-2 text-sm">
          <span className="truncate text-slate-700">{bar.label}</span>
          <span className="h-3 rounded-sm bg-slate-100">
            <span
              className={`block h-3 rounded-sm ${barClass}`}
              style={{ width: `${(Math.max(0, bar.value) / max) * 100}%` }}
            />
          </span>
          <span className="text-right tabular-nums text-slate-700">{bar.display}</span>
        </li>
      ))}
    </ul>
  );
}
