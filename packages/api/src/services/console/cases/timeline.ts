import { type CaseEvent, type CaseFileRef, type CaseLedgerEntry, formatSignedUsd, formatUsd } from "@market/contracts";
import {
  type Application,
  adminAuditLog,
  alias,
  and,
  arbitrationRequests,
  asc,
  chatMessages,
  type Db,
  eq,
  files,
  ledgerEntries,
  ledgerTransactions,
  notifications,
  users,
} from "@market/db";

const sender = alias(users, "case_sender");
const recipient = alias(users, "case_recipient");
const admin = alias(users, "case_admin");

/** A chat message's one line: its text, its file's name, or its payload's figures. */
function messageSummary(message: { type: string; text: string | null; payload: unknown }, fileName: string | null) {
  const payload = (message.payload ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  if (message.type === "file") parts.push(fileName ?? "(file removed)");
  if (typeof payload.amountCents === "number") parts.push(formatUsd(payload.amountCents));
  if (typeof payload.moneyReleaseDate === "string") parts.push(`release on ${payload.moneyReleaseDate}`);
  if (payload.automatic === true) parts.push("automatic");
  if (Array.isArray(payload.changes)) parts.push(`${payload.changes.length} price change(s)`);
  if (Array.isArray(payload.prices)) parts.push(`${payload.prices.length} price(s) asked`);
  if (message.text) parts.push(message.text);
  return parts.join(" · ");
}

/** A ledger transaction in one line: its entries' accounts and signed amounts. */
const ledgerSummary = (entries: CaseLedgerEntry[]) =>
  entries
    .map(
      (entry) =>
        `${entry.account} ${formatSignedUsd(Math.abs(entry.amountCents), entry.amountCents < 0 ? "debit" : "credit")}`,
    )
    .join(", ");

export interface CaseRecord {
  timeline: CaseEvent[];
  ledger: CaseLedgerEntry[];
  files: (CaseFileRef & { storageKey: string; contentType: string })[];
  messages: {
    id: number;
    at: string;
    type: string;
    sender: string | null;
    impersonatedBy: string | null;
    text: string | null;
    fileName: string | null;
    payload: unknown;
  }[];
}

/**
 * Everything that happened on a hire, from the tables that recorded it, each read on its application_id index:
 * the proposal, every chat line (the lifecycle's own lines narrate changes, payment, work done, contests,
 * redeliveries, releases and refunds; texts and files), the requests for arbitration and their settling, the
 * notifications sent, the ledger's transactions and the admins' decisions (the audit log). Oldest first; at one
 * instant, in the order the sources are listed.
 */
export async function caseRecord(db: Db, application: Application, influencerName: string): Promise<CaseRecord> {
  const [chat, requests, sent, entries, decisions] = await Promise.all([
    db
      .select({
        message: chatMessages,
        sender: sender.username,
        impersonator: admin.username,
        file: {
          id: files.id,
          name: files.originalName,
          size: files.sizeBytes,
          key: files.storageKey,
          type: files.contentType,
        },
      })
      .from(chatMessages)
      .leftJoin(sender, eq(sender.id, chatMessages.senderId))
      .leftJoin(admin, eq(admin.id, chatMessages.impersonatorId))
      .leftJoin(files, eq(files.id, chatMessages.fileId))
      .where(eq(chatMessages.applicationId, application.id))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id)),
    db
      .select({ request: arbitrationRequests, user: users.username })
      .from(arbitrationRequests)
      .innerJoin(users, eq(users.id, arbitrationRequests.userId))
      .where(eq(arbitrationRequests.applicationId, application.id))
      .orderBy(asc(arbitrationRequests.createdAt), asc(arbitrationRequests.id)),
    db
      .select({ id: notifications.id, type: notifications.type, at: notifications.createdAt, to: recipient.username })
      .from(notifications)
      .innerJoin(recipient, eq(recipient.id, notifications.userId))
      .where(eq(notifications.applicationId, application.id))
      .orderBy(asc(notifications.createdAt), asc(notifications.id)),
    db
      .select({
        id: ledgerEntries.id,
        transactionId: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        at: ledgerTransactions.createdAt,
        account: ledgerEntries.account,
        amountCents: ledgerEntries.amountCents,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .where(eq(ledgerTransactions.applicationId, application.id))
      .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id), asc(ledgerEntries.id)),
    db
      .select({ entry: adminAuditLog, admin: users.username })
      .from(adminAuditLog)
      .innerJoin(users, eq(users.id, adminAuditLog.adminId))
      .where(and(eq(adminAuditLog.targetType, "application"), eq(adminAuditLog.targetId, String(application.id))))
      .orderBy(asc(adminAuditLog.createdAt), asc(adminAuditLog.id)),
  ]);

  const ledger: CaseLedgerEntry[] = entries.map((entry) => ({ ...entry, at: entry.at.toISOString() }));
  const byTransaction = new Map<number, CaseLedgerEntry[]>();
  for (const entry of ledger)
    byTransaction.set(entry.transactionId, [...(byTransaction.get(entry.transactionId) ?? []), entry]);

  const timeline: CaseEvent[] = [
    {
      id: `application:${application.id}`,
      at: application.createdAt.toISOString(),
      source: "application",
      type: "proposal",
      actor: influencerName,
      // Its text is the chat's first line, just below: here, what was asked for the work.
      summary: `${formatUsd(application.totalPriceCents)} asked`,
    },
    ...chat.map(({ message, sender: name, file }) => ({
      id: `chat:${message.id}`,
      at: message.createdAt.toISOString(),
      source: "chat" as const,
      type: message.type,
      actor: name,
      summary: messageSummary(message, file?.name ?? null),
    })),
    ...requests.flatMap(({ request, user }) => [
      {
        id: `arbitration:${request.id}`,
        at: request.createdAt.toISOString(),
        source: "arbitration" as const,
        type: `request_${request.kind}`,
        actor: user,
        summary: request.text,
      },
      ...(request.resolvedAt
        ? [
            {
              id: `arbitration:${request.id}:resolved`,
              at: request.resolvedAt.toISOString(),
              source: "arbitration" as const,
              type: "resolved",
              actor: null,
              summary: "",
            },
          ]
        : []),
    ]),
    ...sent.map((notification) => ({
      id: `notification:${notification.id}`,
      at: notification.at.toISOString(),
      source: "notification" as const,
      type: notification.type,
      actor: null,
      summary: `to ${notification.to}`,
    })),
    ...[...byTransaction.values()].map((group) => {
      const first = group[0] as CaseLedgerEntry;
      return {
        id: `ledger:${first.transactionId}`,
        at: first.at,
        source: "ledger" as const,
        type: first.kind,
        actor: null,
        summary: ledgerSummary(group),
      };
    }),
    ...decisions.map(({ entry, admin: name }) => ({
      id: `decision:${entry.id}`,
      at: entry.createdAt.toISOString(),
      source: "decision" as const,
      type: entry.action,
      actor: name,
      summary: entry.reason ?? "",
    })),
  ];
  // A stable sort: events of one instant keep their sources' order (the chat line before its notifications).
  timeline.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

  return {
    timeline,
    ledger,
    files: chat.flatMap(({ message, sender: name, file }) =>
      file
        ? [
            {
              id: file.id,
              name: file.name,
              sizeBytes: file.size,
              at: message.createdAt.toISOString(),
              sender: name,
              storageKey: file.key,
              contentType: file.type,
            },
          ]
        : [],
    ),
    messages: chat.map(({ message, sender: name, impersonator, file }) => ({
      id: message.id,
      at: message.createdAt.toISOString(),
      type: message.type,
      sender: name,
      impersonatedBy: impersonator,
      text: message.text,
      fileName: file?.name ?? null,
      payload: message.payload,
    })),
  };
}
