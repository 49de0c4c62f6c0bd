import {
  COUNTRY_CODES,
  type CountryCode,
  describeUsageRights,
  USAGE_RIGHTS_KIND_LABELS,
  USAGE_RIGHTS_KINDS,
  type UsageRightsKind,
  usageRights,
} from "@market/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "../../lib/country-name";
import { MultiSelect } from "../../ui/multi-select";
import type { ProposalMessage } from "./proposal-check";
import { describedBy, FieldMessageText } from "./proposal-message";
import { type RightsValues, rightsInputOf } from "./usage-rights-values";

/** The look of the table's price and days inputs (proposal-table's LINE_INPUT_CLASS), not imported: no cycle. */
const LINE_INPUT_CLASS =
  "block w-28 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-invalid:border-red-600 disabled:bg-slate-100";

const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) =>
  a.label.localeCompare(b.label, "en"),
);

interface UsageRightsFieldProps {
  /** The line's label ("Instagram"), naming the inputs. */
  label: string;
  value: RightsValues;
  error: ProposalMessage | undefined;
  disabled: boolean;
  onChange: (value: RightsValues) => void;
  /** Who reads the plain words under the inputs: the influencer grants, the brand asks (change mode). */
  reader: "brand" | "influencer";
}

/**
 * A proposal line's usage rights (issue 37): the kind, then the months of a licence or of whitelisting, and the
 * licence's countries (none chosen: worldwide); under them, the rights in the plain words the brand will read.
 */
export function UsageRightsField({ label, value, error, disabled, onChange, reader }: UsageRightsFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const parsed = usageRights.safeParse(rightsInputOf(value));
  return (
    <div className="space-y-2" data-testid="usage-rights-field">
      <select
        className={LINE_INPUT_CLASS}
        aria-label={t("PROPOSAL_MODAL.RIGHTS_LABEL", { network: label })}
        value={value.kind}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, kind: event.target.value as UsageRightsKind })}
      >
        {USAGE_RIGHTS_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {USAGE_RIGHTS_KIND_LABELS[kind]}
          </option>
        ))}
      </select>
      {value.kind !== "organic" && (
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className={LINE_INPUT_CLASS}
          placeholder={t("PROPOSAL_MODAL.RIGHTS_MONTHS_PLACEHOLDER")}
          aria-label={t("PROPOSAL_MODAL.RIGHTS_MONTHS_LABEL", { network: label })}
          value={value.months}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, months: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId)}
        />
      )}
      {value.kind === "licensed" && (
        <div className="w-48">
          <MultiSelect<CountryCode>
            label={t("PROPOSAL_MODAL.RIGHTS_TERRITORY", { network: label })}
            emptyLabel={t("PROPOSAL_MODAL.RIGHTS_WORLDWIDE")}
            options={COUNTRY_OPTIONS}
            selected={value.countries}
            onChange={(countries) => onChange({ ...value, countries })}
            disabled={disabled}
          />
        </div>
      )}
      {parsed.success && value.kind !== "organic" && (
        <p className="max-w-48 text-xs text-slate-600" data-testid="usage-rights-words">
          {describeUsageRights(parsed.data, reader)}
        </p>
      )}
      <FieldMessageText id={errorId} message={error} />
    </div>
  );
}
