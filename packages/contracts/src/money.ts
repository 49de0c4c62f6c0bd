/**
 * The one rounding rule of money.md: hire totals are integer cents, fee percents may have two decimals
 * (applications store numeric(5,2)), and results are rounded half up to the cent. Integer arithmetic in
 * hundredths of a percent keeps e.g. 12.5 % exact where floats would drift.
 */
const HUNDREDTHS_PER_WHOLE = 10_000;

function percentInHundredths(feePercent: number): number {
  const hundredths = Math.round(feePercent * 100);
  if (hundredths < 0 || hundredths > HUNDREDTHS_PER_WHOLE || Math.abs(hundredths - feePercent * 100) > 1e-6) {
    throw new RangeError(`fee percent must be within 0..100 with at most two decimals, got ${feePercent}`);
  }
  return hundredths;
}

function scaleHalfUp(priceCents: number, factorHundredths: number): number {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) {
    throw new RangeError(`price must be a non-negative integer number of cents, got ${priceCents}`);
  }
  const product = priceCents * factorHundredths;
  if (!Number.isSafeInteger(product)) throw new RangeError(`price too large: ${priceCents}`);
  return Math.floor((product + HUNDREDTHS_PER_WHOLE / 2) / HUNDREDTHS_PER_WHOLE);
}

/** What the brand pays for a hire of P cents: B = round(P * (100 + fees.b) / 100). */
export function brandTotalCents(priceCents: number, feePercent: number): number {
  return scaleHalfUp(priceCents, HUNDREDTHS_PER_WHOLE + percentInHundredths(feePercent));
}

/** What the influencer earns for a hire of P cents: I = round(P * (100 - fees.i) / 100). */
export function influencerNetCents(priceCents: number, feePercent: number): number {
  return scaleHalfUp(priceCents, HUNDREDTHS_PER_WHOLE - percentInHundredths(feePercent));
}
