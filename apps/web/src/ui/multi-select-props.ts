/** What the multi-select and its lazily loaded popover share (kept apart, so neither imports the other). */
export interface Option<T extends string> {
  value: T;
  label: string;
}

export interface MultiSelectProps<T extends string> {
  label: string;
  options: readonly Option<T>[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  disabled?: boolean;
  /** What the button says while nothing is chosen ("Any" unless told). */
  emptyLabel?: string;
}

export const TRIGGER_CLASS =
  "flex min-h-10 w-full flex-col items-start rounded-md border border-slate-300 bg-white px-3 py-1.5 text-left text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
