import { type LedgerTransactionKind, ledgerEntries, ledgerTransactions, type Tx } from "@market/db";

/** The entries of one money event: account name to signed cents. Zero entries are dropped; the rest sum to zero. */
export type Entries = Record<string, number>;

export interface PostedTransaction {
  kind: LedgerTransactionKind;
  applicationId?: number;
  payoutId?: number;
  /** For callers that may retry (webhooks, sweeps): a second post with the key fails instead of moving money twice. */
  idempotencyKey?: string;
}

/**
 * Writes one balanced ledger transaction inside the caller's database transaction, the one that changes the state
 * the money follows (money.md). An unbalanced or empty set of entries is a bug, refused here before the deferred
 * trigger would refuse it at commit.
 */
export async function postLedgerTransaction(tx: Tx, transaction: PostedTransaction, entries: Entries): Promise<number> {
  const lines = Object.entries(entries).filter(([, cents]) => cents !== 0);
  const sum = lines.reduce((total, [, cents]) => total + cents, 0);
  if (lines.length === 0 || sum !== 0 || lines.some(([, cents]) => !Number.isSafeInteger(cents))) {
    throw new Error(`unbalanced ledger transaction ${transaction.kind}: ${JSON.stringify(entries)}`);
  }
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: transaction.kind,
      applicationId: transaction.applicationId ?? null,
      payoutId: transaction.payoutId ?? null,
      idempotencyKey: transaction.idempotencyKey ?? null,
    })
    .returning({ id: ledgerTransactions.id });
  if (!row) throw new Error("the ledger transaction was not written");
  await tx
    .insert(ledgerEntries)
    .values(lines.map(([account, amountCents]) => ({ transactionId: row.id, account, amountCents })));
  return row.id;
}
