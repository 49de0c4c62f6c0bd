import { type AuditEntryView, type AuditListInput, type AuditPage, CONSOLE_PAGE_SIZE } from "@market/contracts";
import { adminAuditLog, alias, and, type Db, eq, gte, lt, or, type SQL, users } from "@market/db";
import { afterConsoleKey, consoleMicrosOf, consoleOrderBy, decodeConsoleKey, pageOf } from "../keyset";

const admin = alias(users, "audit_admin");
const actingAs = alias(users, "audit_acting_as");

/** The filters as conditions; each has an index leading with its column, then (created_at, id). */
export function auditFilters(input: Omit<AuditListInput, "cursor">): (SQL | undefined)[] {
  return [
    input.action === undefined ? undefined : eq(adminAuditLog.action, input.action),
    input.adminId === undefined ? undefined : eq(adminAuditLog.adminId, input.adminId),
    input.userId === undefined
      ? undefined
      : or(
          eq(adminAuditLog.impersonatedUserId, input.userId),
          and(eq(adminAuditLog.targetType, "user"), eq(adminAuditLog.targetId, String(input.userId))),
        ),
    input.targetType === undefined ? undefined : eq(adminAuditLog.targetType, input.targetType),
    input.targetId === undefined ? undefined : eq(adminAuditLog.targetId, input.targetId),
    input.from === undefined ? undefined : gte(adminAuditLog.createdAt, input.from),
    input.to === undefined ? undefined : lt(adminAuditLog.createdAt, input.to),
  ];
}

/** The audit rows of the filters after the cursor, newest first, `limit` of them, with their people's names. */
export function auditRows(db: Db, input: AuditListInput, limit: number) {
  const key = decodeConsoleKey(input.cursor);
  return db
    .select({
      id: adminAuditLog.id,
      micros: consoleMicrosOf(adminAuditLog.createdAt),
      at: adminAuditLog.createdAt,
      action: adminAuditLog.action,
      adminId: adminAuditLog.adminId,
      adminUsername: admin.username,
      actingAsId: adminAuditLog.impersonatedUserId,
      actingAsUsername: actingAs.username,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      reason: adminAuditLog.reason,
      details: adminAuditLog.details,
    })
    .from(adminAuditLog)
    .innerJoin(admin, eq(admin.id, adminAuditLog.adminId))
    .leftJoin(actingAs, eq(actingAs.id, adminAuditLog.impersonatedUserId))
    .where(and(...auditFilters(input), afterConsoleKey(key, "newest", adminAuditLog.createdAt, adminAuditLog.id)))
    .orderBy(...consoleOrderBy("newest", adminAuditLog.createdAt, adminAuditLog.id))
    .limit(limit);
}

export type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

export function auditEntryView(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    admin: { id: row.adminId, username: row.adminUsername },
    actingAs:
      row.actingAsId === null || row.actingAsUsername === null
        ? null
        : { id: row.actingAsId, username: row.actingAsUsername },
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    details: row.details,
  };
}

/** The console's audit view (issue 36, point 6): newest first, keyset-paged, filtered. */
export async function listAudit(deps: { db: Db }, input: AuditListInput): Promise<AuditPage> {
  const rows = await auditRows(deps.db, input, CONSOLE_PAGE_SIZE + 1);
  const page = pageOf(rows, CONSOLE_PAGE_SIZE, (row) => ({ micros: Number(row.micros), id: row.id }));
  return { entries: page.rows.map(auditEntryView), nextCursor: page.nextCursor };
}
