/**
 * An operator alert: something only the operator can fix (a provider's credential running out, a check that
 * cannot run). It is an error-level log line carrying `alert` (what needs doing, a stable name to page or filter
 * on) and never a secret; the server's logger (pino) writes it where the operator's log monitoring reads. A logger
 * without an error level gets it as a warning.
 */
export interface AlertLog {
  warn(details: object, message: string): void;
  error?(details: object, message: string): void;
}

export function alertOperator(log: AlertLog | undefined, alert: string, details: object, message: string): void {
  if (!log) return;
  if (log.error) log.error({ alert, ...details }, message);
  else log.warn({ alert, ...details }, message);
}
