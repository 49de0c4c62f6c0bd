import { COUNTRY_CODES } from "@market/contracts";
import { useMemo } from "react";
import { countryName } from "../../lib/country-name";

/** Every country as a select option, by English name. */
export function useCountryOptions(): { value: string; label: string }[] {
  return useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) =>
        a.label.localeCompare(b.label, "en"),
      ),
    [],
  );
}
