import { useId } from "react";

export interface SortOption<T extends string> {
  value: T;
  label: string;
}

interface SortSelectProps<T extends string> {
  label: string;
  value: T;
  options: readonly SortOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
}

/** A result list's sort: a labelled native select, the label beside it (the search screens' results bar). */
export function SortSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled = false,
}: SortSelectProps<T>) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        // The options are exactly `options`, so the chosen value is one of their T values.
        onChange={(event) => onChange(event.target.value as T)}
        className="min-h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
