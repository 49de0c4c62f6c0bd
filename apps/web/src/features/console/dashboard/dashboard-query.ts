import { DASHBOARD_MAX_PERIOD_MS, DASHBOARD_PERIOD_DAYS, DAY_MS, type DashboardInput } from "@market/contracts";

/**
 * The dashboard's period in the URL: `days` (7, 30 or 90), or a custom `from`/`to` pair of UTC days (YYYY-MM-DD, `to`
 * inclusive of its whole day). Anything else is dropped (a hand-edited address never fails the screen): the last 30
 * days then.
 */
export interface DashboardSearch {
  days?: (typeof DASHBOARD_PERIOD_DAYS)[number];
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (value: unknown) =>
  typeof value === "string" && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

/** Whether a custom period is one the server takes: from before to's end, at most a year. */
export function customPeriodValid(from: string, to: string): boolean {
  const span = Date.parse(to) + DAY_MS - Date.parse(from);
  return span > 0 && span <= DASHBOARD_MAX_PERIOD_MS;
}

export function dashboardSearchOf(raw: Record<string, unknown>): DashboardSearch {
  const [from, to] = [dayOf(raw.from), dayOf(raw.to)];
  if (from && to && customPeriodValid(from, to)) return { from, to };
  const days = Number(raw.days);
  return DASHBOARD_PERIOD_DAYS.find((preset) => preset === days) ? { days: days as DashboardSearch["days"] } : {};
}

/** The procedure's input of a state (the query key the screen and its loader share). */
export function dashboardInputOf(search: DashboardSearch): DashboardInput {
  if (search.from && search.to) {
    return { from: new Date(search.from), to: new Date(Date.parse(search.to) + DAY_MS) };
  }
  return { days: search.days ?? 30 };
}
