import { BIO_CODE_VALIDITY_MS, SECOND_MS } from "@market/contracts";

/**
 * The countdown of the code verification modal (spec section 4: the code goes in the bio within 5 minutes).
 * It runs on the browser's clock from the moment the code was asked for, not from the server's `expiresAt`: a
 * browser clock a few minutes off would otherwise show a fresh code as expired, or an expired one as valid. The
 * server issued the code after the request left, so this deadline never ends after the server's.
 */
export const codeDeadline = (requestedAt: number): number => requestedAt + BIO_CODE_VALIDITY_MS;

/** Whole seconds left before the deadline, rounded up so that 0 means the code has expired. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / SECOND_MS));
}

/** "4:05": minutes and two-digit seconds. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
