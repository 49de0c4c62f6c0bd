import { useTranslation } from "react-i18next";
import { FieldFrame, INPUT_CLASS } from "../../ui/form-fields";
import { ROLL_END_LABELS, ROLL_ENDS, type RollEnd } from "./api-keys/key-form";

/**
 * How long the old credential keeps working after a roll (an API key's, a webhook secret's): one of ROLL_ENDS,
 * from "at once" to a week.
 */
export function RollEndField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: RollEnd;
  onChange: (end: RollEnd) => void;
}) {
  const { t } = useTranslation();
  return (
    <FieldFrame label={label}>
      {(control) => (
        <select
          className={INPUT_CLASS}
          value={String(value)}
          onChange={(event) => onChange(Number(event.target.value) as RollEnd)}
          {...control}
        >
          {ROLL_ENDS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t(ROLL_END_LABELS[minutes])}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
