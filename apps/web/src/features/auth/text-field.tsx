import { type ComponentProps, useId } from "react";
import { cx } from "../../lib/cx";

interface TextFieldProps extends Omit<ComponentProps<"input">, "id"> {
  label: string;
  /** Always shown under the field (e.g. the password rule). */
  hint?: string;
  /** Shown under the field, and the field marked invalid, when present. */
  error?: string | undefined;
}

/** A labelled input with its hint and error tied to it for assistive technology. */
export function TextField({ label, hint, error, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={cx("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cx(
          "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm",
          "focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none",
          error ? "border-red-600" : "border-slate-300",
        )}
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
