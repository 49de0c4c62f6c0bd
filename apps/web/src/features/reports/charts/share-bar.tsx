import { Legend } from "./column-chart";

/**
 * A whole split into its parts: one bar, a segment per part sized by its share, with the legend. Drawn for the
 * eye only (aria-hidden): the table beside it is its text.
 */
export interface SharePart {
  key: string;
  label: string;
  value: number;
  swatchClass: string;
}

export function ShareBar({ parts }: { parts: readonly SharePart[] }) {
  const total = parts.reduce((sum, part) => sum + Math.max(0, part.value), 0);
  return (
    <div className="space-y-2">
      <div className="flex h-6 overflow-hidden rounded-md bg-slate-100" aria-hidden="true" data-testid="share-bar">
        {total > 0 &&
          parts.map((part) => (
            <span
              key={part.key}
              className={part.swatchClass}
              style={{ width: `${(Math.max(0, part.value) / total) * 100}%` }}
            />
          ))}
      </div>
      <Legend
        items={parts.map((part) => ({
          ...part,
          label: `${part.label} ${total > 0 ? Math.round((Math.max(0, part.value) / total) * 100) : 0}%`,
        }))}
      />
    </div>
  );
}
