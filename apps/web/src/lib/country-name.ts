const regions = new Intl.DisplayNames(["en"], { type: "region" });

/** An ISO country code as its English name ("us" -> "United States"); the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
