import { COUNTRY_CODES } from "@market/contracts";

/** Lowercased English names of the stored country codes, as the web shows them (Intl.DisplayNames). */
const NAMES: readonly (readonly [string, string])[] = (() => {
  const display = new Intl.DisplayNames(["en"], { type: "region" });
  return COUNTRY_CODES.map((code) => [code, (display.of(code.toUpperCase()) ?? code).toLowerCase()] as const);
})();

/** The codes of the countries whose English name holds `text`, case-insensitively ("fran" gives ["fr"]). */
export function countriesNamed(text: string): string[] {
  const wanted = text.toLowerCase();
  return NAMES.filter(([, name]) => name.includes(wanted)).map(([code]) => code);
}
