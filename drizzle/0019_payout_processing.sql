ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_message" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "retry_of_payout_id" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_retry_of_payout_id_payouts_id_fk" FOREIGN KEY ("retry_of_payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("next_attempt_at") WHERE "payouts"."status" = 'processing';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_retry_of_idx" ON "payouts" USING btree ("retry_of_payout_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('application', 'application_update', 'message', 'invitation', 'payment', 'work_done', 'work_not_done', 'money_released', 'declined', 'change_request', 'feedback', 'deal_review', 'news', 'payout_failed'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_failure_reason_check" CHECK ("payouts"."failure_reason" in ('invalid_account', 'rejected', 'returned', 'cancelled', 'provider_error'));--> statement-breakpoint
-- Payouts already processing are due for the worker at once.
UPDATE "payouts" SET "next_attempt_at" = "requested_at" WHERE "status" = 'processing' AND "next_attempt_at" IS NULL;
