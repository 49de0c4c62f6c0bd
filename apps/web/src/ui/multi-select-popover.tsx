import { Popover } from "radix-ui";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type MultiSelectProps, TRIGGER_CLASS } from "./multi-select-props";

/** The multi-select's popover (see MultiSelect), opened as it mounts: it replaces the plain button on its first click. */
export default function MultiSelectPopover<T extends string>({
  label,
  options,
  selected,
  onChange,
  disabled,
  summary,
}: MultiSelectProps<T> & { summary: string | undefined }) {
  const { t } = useTranslation();
  const groupId = useId();
  const toggle = (value: T, checked: boolean) =>
    onChange(options.map((option) => option.value).filter((v) => (v === value ? checked : selected.includes(v))));
  return (
    <Popover.Root defaultOpen>
      <Popover.Trigger disabled={disabled} className={TRIGGER_CLASS}>
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
