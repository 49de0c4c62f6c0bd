import { type AuditListInput, type AuditPage, auditListInput } from "@market/contracts";

/**
 * The audit view's state in the URL: the filters, each dropped when invalid (a hand-edited address never fails
 * the screen). Days are YYYY-MM-DD, read as UTC days: `from` inclusive, `to` inclusive of its whole day.
 */
export interface AuditSearch {
  action?: string;
  adminId?: string;
  userId?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIELDS = ["action", "adminId", "userId", "targetType", "targetId"] as const;

export function auditSearchOf(raw: Record<string, unknown>): AuditSearch {
  const search: AuditSearch = {};
  for (const field of FIELDS) {
    const value = raw[field];
    const text = typeof value === "number" ? String(value) : value;
    if (typeof text !== "string" || text === "") continue;
    if (auditListInput.shape[field].safeParse(text).success) search[field] = text;
  }
  for (const field of ["from", "to"] as const) {
    const value = raw[field];
    if (typeof value === "string" && DAY.test(value) && !Number.isNaN(Date.parse(value))) search[field] = value;
  }
  return search;
}

const nextDay = (day: string) => new Date(Date.parse(day) + 24 * 60 * 60 * 1000);

/** The procedure's input of a state (the query key the screen and its loader share). */
export function auditInputOf(search: AuditSearch): Omit<AuditListInput, "cursor"> {
  return {
    action: search.action,
    adminId: search.adminId === undefined ? undefined : Number(search.adminId),
    userId: search.userId === undefined ? undefined : Number(search.userId),
    targetType: search.targetType,
    targetId: search.targetId,
    from: search.from === undefined ? undefined : new Date(search.from),
    to: search.to === undefined ? undefined : nextDay(search.to),
  };
}

/** The same filters as GET /admin/api/audit.csv's query string. */
export function auditCsvHref(search: AuditSearch): string {
  const query = new URLSearchParams();
  const input = auditInputOf(search);
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    query.set(key, value instanceof Date ? value.toISOString() : String(value));
  }
  const text = query.toString();
  return text ? `/admin/api/audit.csv?${text}` : "/admin/api/audit.csv";
}

export const AUDIT_PAGES = { getNextPageParam: (page: AuditPage) => page.nextCursor } as const;
