import { Popover } from "radix-ui";
import { useId } from "react";
import { useTranslation } from "react-i18next";

export interface Option<T extends string> {
  value: T;
  label: string;
}

interface MultiSelectProps<T extends string> {
  label: string;
  options: readonly Option<T>[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  disabled?: boolean;
}

/**
 * A multi-select: a button naming the filter and how many values are chosen, opening a list of checkboxes.
 * Each change applies at once; the order of the options is kept in the selection.
 */
export function MultiSelect<T extends string>({ label, options, selected, onChange, disabled }: MultiSelectProps<T>) {
  const { t } = useTranslation();
  const groupId = useId();
  const toggle = (value: T, checked: boolean) =>
    onChange(options.map((option) => option.value).filter((v) => (v === value ? checked : selected.includes(v))));
  const summary =
    selected.length === 0
      ? t("FIND.FILTER.ANY")
      : selected.length === 1
        ? (options.find((option) => option.value === selected[0])?.label ?? selected[0])
        : t("FIND.FILTER.SELECTED", { count: selected.length });
  return (
    <Popover.Root>
      <Popover.Trigger
        disabled={disabled}
        className="flex min-h-10 w-full flex-col items-start rounded-md border border-slate-300 bg-white px-3 py-1.5 text-left text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <span className="text-xs text-slate-500">{label}</span>
        <span className="font-medium">{summary}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-30 max-h-80 w-64 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 shadow-lg"
        >
          <fieldset aria-labelledby={groupId}>
            <legend id={groupId} className="sr-only">
              {label}
            </legend>
            {options.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  className="size-4"
                  checked={selected.includes(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          {selected.length > 0 && (
            <button
              type="button"
              className="mt-1 w-full rounded px-2 py-1.5 text-left text-sm text-brand-700 hover:bg-slate-50"
              onClick={() => onChange([])}
            >
              {t("FIND.FILTER.CLEAR_SELECTION")}
            </button>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
