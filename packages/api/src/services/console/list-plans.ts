import { CONSOLE_PAGE_SIZE } from "@market/contracts";
import type { Db } from "@market/db";
import { auditRows } from "./audit/list-audit";
import { encodeConsoleKey } from "./keyset";

/** A console list's statement as a screen sends it, to be EXPLAINed at scale (scripts/console-plans.ts). */
export interface ConsoleListStatement {
  name: string;
  query: { toSQL(): { sql: string; params: unknown[] } };
}

/**
 * Every console list's page statements, first page and a later one, with the filters an operator uses
 * (issue 36: each list keyset-paged and indexed; the plans are given for 100,000 users and 1,000,000 audit rows).
 * `sample` names rows of the scale data the filters and cursors point at.
 */
export function consoleListStatements(
  db: Db,
  sample: { adminId: number; userId: number; cursorAt: Date; cursorId: number },
): ConsoleListStatement[] {
  const cursor = encodeConsoleKey({ micros: sample.cursorAt.getTime() * 1000, id: sample.cursorId });
  const limit = CONSOLE_PAGE_SIZE + 1;
  return [
    { name: "audit, first page", query: auditRows(db, {}, limit) },
    { name: "audit, a later page", query: auditRows(db, { cursor }, limit) },
    { name: "audit by action", query: auditRows(db, { action: "refund" }, limit) },
    { name: "audit by action, a later page", query: auditRows(db, { action: "refund", cursor }, limit) },
    { name: "audit by admin", query: auditRows(db, { adminId: sample.adminId }, limit) },
    { name: "audit of a user", query: auditRows(db, { userId: sample.userId }, limit) },
    {
      name: "audit over a week",
      query: auditRows(db, { from: new Date(sample.cursorAt.getTime() - 7 * 86_400_000), to: sample.cursorAt }, limit),
    },
  ];
}
