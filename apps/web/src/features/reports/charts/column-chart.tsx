/**
 * Columns over time, hand-written SVG (a few hundred bytes where a chart library would add tens of KB): one group
 * per bucket, one column per series. Drawn for the eye only (aria-hidden): the table beside it is its text.
 */
export interface ColumnSeries {
  key: string;
  label: string;
  /** A Tailwind fill class, written out whole so the stylesheet keeps it. */
  fillClass: string;
  swatchClass: string;
  values: readonly number[];
}

const WIDTH = 640;
const HEIGHT = 220;
const TOP = 16;
const BOTTOM = 24;
const LEFT = 8;

export function ColumnChart({
  labels,
  series,
  formatValue,
}: {
  labels: readonly string[];
  series: readonly ColumnSeries[];
  formatValue: (value: number) => string;
}) {
  const max = Math.max(1, ...series.flatMap((one) => one.values));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT * 2) / Math.max(1, labels.length);
  const column = Math.max(1, (slot * 0.8) / series.length);
  // At most about six day labels under the axis, evenly spaced, so that they never overlap.
  const labelEvery = Math.max(1, Math.ceil(labels.length / 6));
  return (
    <div className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        aria-hidden="true"
        focusable="false"
        data-testid="column-chart"
      >
        <text x={LEFT} y={TOP - 4} className="fill-slate-500 text-[11px]">
          {formatValue(max)}
        </text>
        <line x1={LEFT} x2={WIDTH - LEFT} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-slate-300" />
        {labels.map((label, index) => (
          <g key={label}>
            {series.map((one, seriesIndex) => {
              const value = Math.max(0, one.values[index] ?? 0);
              const height = (value / max) * plotHeight;
              return (
                <rect
                  key={one.key}
                  x={LEFT + index * slot + slot * 0.1 + seriesIndex * column}
                  y={HEIGHT - BOTTOM - height}
                  width={column}
                  height={height}
                  className={one.fillClass}
                />
              );
            })}
            {index % labelEvery === 0 && (
              // The first label starts at the edge rather than centred on its column, which would cut it.
              <text
                x={index === 0 ? LEFT : LEFT + index * slot + slot / 2}
                y={HEIGHT - 6}
                textAnchor={index === 0 ? "start" : "middle"}
                className="fill-slate-600 text-[11px]"
              >
                {label}
              </text>
            )}
          </g>
        ))}
      </svg>
      <Legend items={series} />
    </div>
  );
}

export function Legend({ items }: { items: readonly { key: string; label: string; swatchClass: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-hidden="true">
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-2">
          <span className={`inline-block size-3 rounded-sm ${item.swatchClass}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
