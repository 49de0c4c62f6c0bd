import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { createdAt, oneOf } from "./helpers";
import { payouts } from "./payouts";

/** The money events of money.md; each is one balanced transaction. */
export const LEDGER_TRANSACTION_KINDS = [
  "payment",
  "release",
  "refund",
  "payout_request",
  "payout_paid",
  "payout_failed",
  /** A paid payout's money came back from the rails (a Wise bounce): external:payouts -A, payouts:pending +A. */
  "payout_returned",
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

/**
 * Account names of money.md. The CHECK keeps a typo from silently opening a new account.
 * escrow:<applicationId>, influencer:<userId>, platform:fees, external:stripe, payouts:pending, external:payouts.
 */
const ACCOUNT_PATTERN =
  "^(escrow:[0-9]+|influencer:[0-9]+|platform:fees|external:stripe|payouts:pending|external:payouts)$";

/** The account names, built in one place so no caller spells them by hand. */
export const ledgerAccount = {
  stripe: "external:stripe",
  platformFees: "platform:fees",
  payoutsPending: "payouts:pending",
  externalPayouts: "external:payouts",
  escrow: (applicationId: number) => `escrow:${applicationId}`,
  influencer: (userId: number) => `influencer:${userId}`,
} as const;

export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: LEDGER_TRANSACTION_KINDS }).notNull(),
    applicationId: integer("application_id").references(() => applications.id, { onDelete: "restrict" }),
    payoutId: integer("payout_id").references(() => payouts.id, { onDelete: "restrict" }),
    /** Set by callers that may retry (webhooks, sweeps): a second insert with the key fails instead of paying twice. */
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_transactions_application_id_idx").on(t.applicationId),
    index("ledger_transactions_payout_id_idx").on(t.payoutId),
    check("ledger_transactions_kind_check", oneOf(t.kind, LEDGER_TRANSACTION_KINDS)),
  ],
);

/**
 * Signed amounts: entries of one transaction sum to zero, enforced at commit by the deferred constraint
 * trigger of the ledger_balanced migration. Balances are sums over an account.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint("transaction_id", { mode: "number" })
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: "cascade" }),
    account: text("account").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_account_created_idx").on(t.account, t.createdAt),
    index("ledger_entries_transaction_id_idx").on(t.transactionId),
    check("ledger_entries_amount_check", sql`${t.amountCents} <> 0`),
    check("ledger_entries_account_check", sql`${t.account} ~ ${sql.raw(`'${ACCOUNT_PATTERN}'`)}`),
  ],
);

export type LedgerTransaction = typeof ledgerTransactions.$inferSelect;
export type NewLedgerTransaction = typeof ledgerTransactions.$inferInsert;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
