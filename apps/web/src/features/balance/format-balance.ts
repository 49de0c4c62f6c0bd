const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** A balance in dollars and cents: 692_550 -> "$6,925.50", 0 -> "$0.00". */
export const formatBalanceCents = (cents: number): string => dollars.format(cents / 100);
