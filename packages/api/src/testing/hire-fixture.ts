import type { NotificationType } from "@market/contracts";
import { sandboxDeliverables } from "@market/contracts";
import {
  adminAuditLog,
  and,
  applications,
  arbitrationRequests,
  chatMessages,
  type Db,
  eq,
  type LedgerTransactionKind,
  ledgerEntries,
  ledgerTransactions,
  notifications,
} from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll } from "vitest";
import { fixedClock } from "../clock";
import type { PaymentGateway } from "../services/payments/gateway";
import { paidApplication } from "./paid-application";

/**
 * The setup the tests of what follows a hire's payment share (delivery and release, the admin's refund): it
 * registers the beforeAll that gives the calling test file a fresh database and the afterAll that closes it, and
 * answers the file's fixed clock (at 2026-06-01T12:00:00Z), paid hires with the work done, and reads of an
 * application's row, chat, notifications, requests for arbitration, admin audit and ledger. Call it at the top level of the
 * file; read `db` inside hooks and tests only. Not in testing/index.ts: it runs vitest's hooks when called.
 */
export function useHireFixture() {
  let testDb: TestDb | undefined;
  const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb?.close());
  const database = (): Db => {
    if (!testDb) throw new Error("useHireFixture: db is read before its beforeAll ran; read it inside a test.");
    return testDb.db;
  };

  return {
    clock,
    get db() {
      return database();
    },
    /** The test database's handle, for statementCounter. */
    get handle() {
      if (!testDb) throw new Error("useHireFixture: handle is read before its beforeAll ran; read it inside a test.");
      return testDb.handle;
    },

    /** A paid hire (paidApplication: $1,250 on instagram, B = $1,375) whose work is done now: the full window runs. */
    async delivered(options: { payments?: PaymentGateway } = {}) {
      const app = await paidApplication(database(), clock, options);
      await app.callers.influencer.applications.workDone({
        id: app.id,
        deliverables: sandboxDeliverables(["instagram"]),
      });
      return app;
    },

    async rowOf(id: number) {
      const [row] = await database().select().from(applications).where(eq(applications.id, id));
      if (!row) throw new Error(`no application ${id}`);
      return row;
    },

    messagesOf: (id: number) =>
      database().select().from(chatMessages).where(eq(chatMessages.applicationId, id)).orderBy(chatMessages.id),

    /** Who was notified of `type` about the application, and by whom. */
    notesOf: (id: number, type: NotificationType) =>
      database()
        .select({ userId: notifications.userId, senderId: notifications.senderId })
        .from(notifications)
        .where(and(eq(notifications.applicationId, id), eq(notifications.type, type))),

    /** The admin audit log's line of `action` on the application (services/admin/audit.ts). */
    async auditOf(id: number, action: string) {
      const [line] = await database()
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, String(id))));
      return line;
    },

    requestsOf: (id: number) =>
      database()
        .select()
        .from(arbitrationRequests)
        .where(eq(arbitrationRequests.applicationId, id))
        .orderBy(arbitrationRequests.id),

    /**
     * The application's ledger transactions of `kind`: their idempotency keys, and their entries summed by account
     * (one transaction is exactly money.md's entries for it; two would show twice the amounts).
     */
    async ledgerOf(id: number, kind: LedgerTransactionKind) {
      const rows = await database()
        .select({
          key: ledgerTransactions.idempotencyKey,
          account: ledgerEntries.account,
          cents: ledgerEntries.amountCents,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(and(eq(ledgerTransactions.applicationId, id), eq(ledgerTransactions.kind, kind)));
      const entries: Record<string, number> = {};
      for (const row of rows) entries[row.account] = (entries[row.account] ?? 0) + row.cents;
      return { keys: [...new Set(rows.map((row) => row.key))], entries };
    },
  };
}
