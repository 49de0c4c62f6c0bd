-- The operator's console's payouts queue (issue 36): failed payouts by when they failed, held and stuck ones (sent,
-- still processing) by when they were sent, each walked oldest first by (time, id).
CREATE INDEX "payouts_console_failed_idx" ON "payouts" USING btree ("failed_at","id") WHERE "payouts"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "payouts_console_sent_idx" ON "payouts" USING btree ("sent_at","id") WHERE "payouts"."status" = 'processing' and "payouts"."sent_at" is not null;