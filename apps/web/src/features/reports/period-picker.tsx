import {
  DAY_MS,
  dayOf,
  dayStart,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  type ReportPeriodInput,
  reportPeriodInput,
} from "@market/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldMessage } from "../../lib/field-errors";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/form-fields";

/** The presets offered beside the custom period, in days up to today. */
const PRESET_DAYS = [REPORT_DEFAULT_DAYS, 90, 365] as const;

const lastDays = (days: number, today: string): Required<ReportPeriodInput> => ({
  from: dayOf(new Date(dayStart(today).getTime() - (days - 1) * DAY_MS)),
  to: today,
});

/**
 * The report's period: presets (the last 30, 90 and 365 days) and two day fields applied together, checked with
 * the contracts' schema so a backward period or one over a year is named on its field before any request.
 */
export function PeriodPicker({
  period,
  today,
  onChange,
}: {
  /** The period shown, as the server answered it. */
  period: { from: string; to: string };
  today: string;
  onChange: (period: Required<ReportPeriodInput>) => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [error, setError] = useState<FieldMessage | undefined>();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportPeriodInput.safeParse({ from, to });
    if (!parsed.success || !parsed.data.from || !parsed.data.to) {
      const tooLong = parsed.error?.issues.some((issue) => issue.message === "at most a year");
      setError({
        key: tooLong ? "REPORTS.PERIOD_TOO_LONG" : "REPORTS.PERIOD_INVALID",
        values: { days: REPORT_MAX_DAYS },
      });
      return;
    }
    setError(undefined);
    onChange({ from: parsed.data.from, to: parsed.data.to });
  };

  const choose = (days: number) => {
    const next = lastDays(days, today);
    setFrom(next.from);
    setTo(next.to);
    setError(undefined);
    onChange(next);
  };

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t("REPORTS.PRESETS")}</legend>
        {PRESET_DAYS.map((days) => {
          const preset = lastDays(days, today);
          const current = preset.from === period.from && preset.to === period.to;
          return (
            <Button
              key={days}
              variant="secondary"
              aria-pressed={current}
              className="aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50"
              onClick={() => choose(days)}
            >
              {t("REPORTS.LAST_DAYS", { count: days })}
            </Button>
          );
        })}
      </fieldset>
      <form onSubmit={apply} className="flex flex-wrap items-end gap-3" noValidate>
        <TextField type="date" label={t("REPORTS.FROM")} value={from} onValueChange={setFrom} error={error} />
        <TextField type="date" label={t("REPORTS.TO")} value={to} onValueChange={setTo} />
        <Button type="submit">{t("REPORTS.APPLY")}</Button>
      </form>
    </div>
  );
}
