import { DAY_MS, HOUR_MS, MINUTE_MS } from "@market/contracts";

/**
 * Seeded dates, relative to the moment of seeding. Past moments are counted in days back from the
 * start of today (UTC), so they are in the past whatever the time of day, and the random draws that
 * decide the data never depend on the hour: only "new" deals, created within the last 24 hours, hang
 * off the exact current time.
 */
export class SeedClock {
  readonly now: Date;
  readonly dayStart: Date;

  constructor(now: Date) {
    this.now = now;
    this.dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  }

  /** days (fractional) before the anchor, the start of today by default; negative values are later. */
  ago(days: number, anchor: Date = this.dayStart): Date {
    return new Date(anchor.getTime() - days * DAY_MS);
  }

  /** 23:59 UTC, days after today (negative: before). Deadlines and expirations end at 23:59 (spec 5). */
  endOfDay(days: number): Date {
    return new Date(this.dayStart.getTime() + days * DAY_MS + 23 * HOUR_MS + 59 * MINUTE_MS);
  }
}
