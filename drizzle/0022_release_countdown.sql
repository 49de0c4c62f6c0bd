ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_type_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "release_remaining_ms" bigint;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "contested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "arbitration_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "release_reminders_sent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "arbitration_requests" ADD COLUMN "kind" text DEFAULT 'help' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_release_countdown_check" CHECK ("applications"."release_remaining_ms" is null or ("applications"."release_remaining_ms" >= 0 and "applications"."money_release_date" is null));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_release_reminders_check" CHECK ("applications"."release_reminders_sent" between 0 and 2);--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_type_check" CHECK ("chat_messages"."type" in ('text', 'file', 'payment', 'price_update', 'change_request', 'work_done', 'work_not_done', 'money_released', 'arbitration', 'refund', 'case_closed'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('application', 'application_update', 'message', 'invitation', 'payment', 'work_done', 'work_not_done', 'money_released', 'release_reminder', 'refund', 'case_closed', 'declined', 'change_request', 'feedback', 'deal_review', 'news', 'payout_failed'));--> statement-breakpoint
ALTER TABLE "arbitration_requests" ADD CONSTRAINT "arbitration_requests_kind_check" CHECK ("arbitration_requests"."kind" in ('help', 'contest'));--> statement-breakpoint
-- An application with a request for arbitration still open holds its case open (and pauses a countdown from now on).
UPDATE "applications" a SET "arbitration_opened_at" = r.opened
FROM (SELECT application_id, min(created_at) AS opened FROM arbitration_requests
      WHERE resolved_at IS NULL GROUP BY application_id) r
WHERE a.id = r.application_id;
--> statement-breakpoint
-- Their running countdowns pause with the time left, as an arbitration request pauses one from now on.
UPDATE "applications" SET
  "release_remaining_ms" = (extract(epoch FROM ("money_release_date" - now())) * 1000)::bigint,
  "money_release_date" = NULL
WHERE "status" = 'PROGRESS' AND "arbitration_opened_at" IS NOT NULL AND "money_release_date" > now();
