/**
 * The saved card as the payment tab and the checkout show it (spec sections 2 and 3, Card): masked to its last 4
 * digits, the brand in capitals, the expiry as MM/YY with the month padded to 2 digits.
 */
export const maskedCardNumber = (last4: string): string => `•••• ${last4}`;

/** The server answers the month as a number (settings) or already padded (the checkout's SavedCardView). */
export const cardExpiry = (expMonth: number | string, expYear: number): string =>
  `${String(expMonth).padStart(2, "0")}/${String(expYear % 100).padStart(2, "0")}`;

/** "visa" -> "VISA", "american_express" -> "AMERICAN EXPRESS"; an unknown brand reads as the provider wrote it. */
export const cardBrandName = (type: string): string => type.replaceAll("_", " ").toUpperCase();
