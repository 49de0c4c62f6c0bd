import { STAR_RATING } from "@market/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../lib/cx";
import type { FieldMessage } from "../../lib/field-errors";
import { FieldErrorText } from "../../ui/form-fields";

const STARS = Array.from({ length: STAR_RATING.max - STAR_RATING.min + 1 }, (_, index) => STAR_RATING.min + index);

interface StarInputProps {
  legend: string;
  /** The radios' group name, unique in the form. */
  name: string;
  value: number | undefined;
  onChange: (stars: number) => void;
  error: FieldMessage | undefined;
}

/**
 * One criterion's rating, 1 to 5 stars: a group of radios drawn as stars, so the keyboard works as for any radio
 * group (Tab into it, the arrow keys choose) and a screen reader says "3 stars, 3 of 5".
 */
export function StarInput({ legend, name, value, onChange, error }: StarInputProps) {
  const { t } = useTranslation();
  const errorId = `${useId()}-error`;
  return (
    <fieldset
      className="flex flex-wrap items-center justify-between gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      data-testid={`rating-${name}`}
    >
      <legend className="float-left text-sm font-medium text-slate-800">{legend}</legend>
      <span className="inline-flex">
        {STARS.map((stars) => (
          <label
            key={stars}
            className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-invalid={error ? true : undefined}
              className="sr-only"
            />
            <span className="sr-only">{t("FEEDBACK.STARS", { count: stars })}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className={cx("size-7", value !== undefined && stars <= value ? "fill-amber-400" : "fill-slate-200")}
            >
              <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
            </svg>
          </label>
        ))}
      </span>
      <div className="w-full">
        <FieldErrorText id={errorId} error={error} />
      </div>
    </fieldset>
  );
}
