DROP INDEX "outgoing_mail_pending_idx";--> statement-breakpoint
ALTER TABLE "outgoing_mail" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outgoing_mail" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outgoing_mail" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outgoing_mail_due_idx" ON "outgoing_mail" USING btree ("next_attempt_at") WHERE "outgoing_mail"."next_attempt_at" is not null;--> statement-breakpoint
-- Mails recorded before this release with no sent_at were deliveries that failed (nothing retried them): failed.
UPDATE "outgoing_mail" SET "failed_at" = "created_at" WHERE "sent_at" IS NULL;
