import { type LedgerTransactionKind, ledgerEntries, ledgerTransactions, rowsOf, sql, type Tx } from "@market/db";

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
  // One statement (the transaction row, then its entries through a data-modifying CTE) rather than two: every
  // money path posts one, and a round trip costs more than the statement's work.
  const values = sql.join(
    lines.map(([account, cents]) => sql`(${account}, ${cents}::bigint)`),
    sql`, `,
  );
  const [row] = rowsOf<{ id: number | string }>(
    await tx.execute(sql`
      with posted as (
        insert into ${ledgerTransactions} (kind, application_id, payout_id, idempotency_key)
        values (${transaction.kind}, ${transaction.applicationId ?? null}, ${transaction.payoutId ?? null},
          ${transaction.idempotencyKey ?? null})
        returning id
      )
      insert into ${ledgerEntries} (transaction_id, account, amount_cents)
      select posted.id, entry.account, entry.cents from posted, (values ${values}) as entry(account, cents)
      returning transaction_id as id`),
  );
  if (!row) throw new Error("the ledger transaction was not written");
  return Number(row.id);
}
