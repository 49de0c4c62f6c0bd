-- The payout's provider as a stored generated column (issue 36: the stuck payouts bounded): computed for every existing
-- row when added (the backfill), then with each write of the row; the stuck queue reads one range of
-- payouts_console_stuck_idx per provider instead of every processing payout.
ALTER TABLE "payouts" ADD COLUMN "provider" text GENERATED ALWAYS AS (case when provider_reference like 'sandbox:%' then 'sandbox' when method = 'transferwise' then 'wise' else 'paypal' end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "payouts_console_stuck_idx" ON "payouts" USING btree ("provider","sent_at","id") WHERE "payouts"."status" = 'processing' and "payouts"."sent_at" is not null and "payouts"."hold_reason" is null;