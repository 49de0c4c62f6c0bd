import type { AuditListInput, Statement } from "@market/contracts";
import type { Db } from "@market/db";
import type { Clock } from "../../../clock";
import { day, toCsv } from "../../earnings/csv";
import { encodeConsoleKey } from "../keyset";
import { auditRows } from "./list-audit";

/** Rows read per statement while writing the file: each a bounded walk of the index from the previous cursor. */
const CHUNK = 1000;
/**
 * The most rows one file holds. A larger export is asked for in parts by date (the filters); the file says so in its
 * last line rather than stopping silently.
 */
export const AUDIT_CSV_MAX_ROWS = 100_000;

const HEADER = [
  "id",
  "at",
  "admin_id",
  "admin",
  "acting_as_id",
  "acting_as",
  "action",
  "object_type",
  "object_id",
  "reason",
  "details",
];

/** GET /admin/api/audit.csv (issue 36, point 6): the audit view's filtered rows, newest first, as CSV. */
export async function auditCsv(
  deps: { db: Db; clock: Clock },
  filters: Omit<AuditListInput, "cursor">,
): Promise<Statement> {
  const lines: string[][] = [];
  let cursor: string | undefined;
  while (lines.length < AUDIT_CSV_MAX_ROWS) {
    const rows = await auditRows(deps.db, { ...filters, cursor }, Math.min(CHUNK, AUDIT_CSV_MAX_ROWS - lines.length));
    for (const row of rows) {
      lines.push([
        String(row.id),
        row.at.toISOString(),
        String(row.adminId),
        row.adminUsername,
        row.actingAsId === null ? "" : String(row.actingAsId),
        row.actingAsUsername ?? "",
        row.action,
        row.targetType ?? "",
        row.targetId ?? "",
        row.reason ?? "",
        row.details === null ? "" : JSON.stringify(row.details),
      ]);
    }
    const last = rows.at(-1);
    if (!last) break;
    cursor = encodeConsoleKey({ micros: Number(last.micros), id: last.id });
  }
  const cut = lines.length >= AUDIT_CSV_MAX_ROWS && (await auditRows(deps.db, { ...filters, cursor }, 1)).length > 0;
  if (cut) {
    lines.push([
      "",
      "",
      "",
      "",
      "",
      "",
      "truncated",
      "",
      "",
      `only the newest ${AUDIT_CSV_MAX_ROWS} rows: narrow the dates`,
      "",
    ]);
  }
  return { filename: `audit-${day(deps.clock.now())}.csv`, csv: toCsv(HEADER, lines) };
}
