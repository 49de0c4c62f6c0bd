import { type ComponentProps, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../lib/cx";
import type { FieldMessage } from "../lib/field-errors";

export const INPUT_CLASS =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-invalid:border-red-600";

export function FieldErrorText({ id, error }: { id: string; error: FieldMessage | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {t(error.key, error.values ?? {})}
    </p>
  );
}

interface FieldFrameProps {
  label: string;
  hint?: string | undefined;
  error?: FieldMessage | undefined;
  className?: string | undefined;
  children: (control: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}

/** A label, the control, an optional hint and the field's message, wired for assistive technology. */
export function FieldFrame({ label, hint, error, className, children }: FieldFrameProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(described ? { "aria-describedby": described } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

type TextFieldProps = Omit<ComponentProps<"input">, "value" | "onChange" | "id"> & {
  label: string;
  value: string;
  onValueChange?: (value: string) => void;
  hint?: string | undefined;
  error?: FieldMessage | undefined;
};

export function TextField({ label, value, onValueChange, hint, error, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          type="text"
          // Not the :read-only pseudo-class, which every select matches too.
          className={cx(INPUT_CLASS, input.readOnly && "bg-slate-100 text-slate-600")}
          value={value}
          onChange={(event) => onValueChange?.(event.target.value)}
          {...input}
          {...control}
        />
      )}
    </FieldFrame>
  );
}

interface TextAreaFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  error?: FieldMessage | undefined;
  maxLength?: number;
}

export function TextAreaField({ label, value, onValueChange, hint, error, maxLength }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          rows={5}
          className={INPUT_CLASS}
          value={value}
          maxLength={maxLength}
          onChange={(event) => onValueChange(event.target.value)}
          {...control}
        />
      )}
    </FieldFrame>
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** value "" is the empty choice. */
  options: readonly { value: string; label: string }[];
  error?: FieldMessage | undefined;
  autoComplete?: string;
  className?: string;
}

export function SelectField({
  label,
  value,
  onValueChange,
  options,
  error,
  autoComplete,
  className,
}: SelectFieldProps) {
  const { t } = useTranslation();
  return (
    <FieldFrame label={label} error={error} className={className}>
      {(control) => (
        <select
          className={cx(INPUT_CLASS, "pr-8")}
          value={value}
          autoComplete={autoComplete}
          onChange={(event) => onValueChange(event.target.value)}
          {...control}
        >
          <option value="">{t("SETTINGS.CHOOSE")}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A message about the whole form (an issue of no single field). */
export function FormErrorText({ error }: { error: FieldMessage | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {t(error.key, error.values ?? {})}
    </p>
  );
}
