/**
 * The `arbitration` query parameter of the application page (spec section 2) opens the help modal: a link in a
 * mail or a notification asks for it with any value, or none (`?arbitration`).
 */
export interface ApplicationSearch {
  arbitration?: true;
}

export function validateApplicationSearch(search: Record<string, unknown>): ApplicationSearch {
  return "arbitration" in search ? { arbitration: true } : {};
}
