import { useId } from "react";
import type { FieldMessage } from "../../lib/field-errors";
import { FieldErrorText } from "../../ui/form-fields";

interface ChoiceGroupProps<T extends string | boolean> {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
  error: FieldMessage | undefined;
}

/** A required choice among a few (yes or no, the ROI scale) as a radio group: the arrow keys move the choice. */
export function ChoiceGroup<T extends string | boolean>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
}: ChoiceGroupProps<T>) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} data-testid={`choice-${name}`}>
      <legend className="block text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
        {options.map((option) => (
          <label key={String(option.value)} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldErrorText id={errorId} error={error} />
    </fieldset>
  );
}
