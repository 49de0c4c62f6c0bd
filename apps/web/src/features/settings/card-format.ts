/** The saved card as the payment tab and the checkout show it (spec section 2: masked, month on 2 digits). */
export const maskedCardNumber = (last4: string): string => `•••• ${last4}`;

/** The server answers the month padded already (SavedCardView); padding again keeps a bare number right too. */
export const cardExpiry = (expMonth: string | number, expYear: number): string =>
  `${String(expMonth).padStart(2, "0")}/${expYear}`;
