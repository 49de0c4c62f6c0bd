-- Wise pays (issue 35): a payout keeps what the provider made for it (provider_state: Wise's quote and recipient,
-- reused when a send is tried again), the US bank account a Wise payout goes to (sealed), why it waits for the
-- operator (hold_reason: Wise's strong customer authentication), and, once paid, until when it is watched for a
-- bounce (watch_until); the worker's queue takes the watched ones too. A bounce brings the money back from the rails
-- (ledger kind payout_returned) before the failure returns it to the balance.
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
DROP INDEX "payouts_due_idx";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_state" jsonb;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "bank_account" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "bank_account_summary" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "watch_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("next_attempt_at") WHERE "payouts"."status" = 'processing' or "payouts"."watch_until" is not null;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('payment', 'release', 'refund', 'payout_request', 'payout_paid', 'payout_failed', 'payout_returned'));