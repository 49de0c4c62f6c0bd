ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
-- Notifications written before mail existed are history: the first sweep must not mail that backlog.
UPDATE "notifications" SET "mailed_at" = "created_at" WHERE "seen_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."mailed_at" is null and "notifications"."seen_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('application', 'application_update', 'message', 'invitation', 'payment', 'work_done', 'work_not_done', 'money_released', 'release_reminder', 'refund', 'case_closed', 'declined', 'change_request', 'feedback', 'deal_review', 'news', 'payout_failed', 'payout_paid', 'arbitration'));