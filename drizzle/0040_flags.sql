CREATE TABLE "influencer_flag_files" (
	"flag_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "influencer_flag_files_flag_id_file_id_pk" PRIMARY KEY("flag_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "influencer_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "influencer_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"influencer_id" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"flagged_at" timestamp with time zone NOT NULL,
	"flagged_by" integer,
	"lifted_at" timestamp with time zone,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"decision" text,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "influencer_flags_reason_check" CHECK ("influencer_flags"."reason" in ('fake_followers', 'engagement_pods', 'impersonation', 'misleading_stats', 'other')),
	CONSTRAINT "influencer_flags_decision_check" CHECK ("influencer_flags"."decision" is null or "influencer_flags"."decision" in ('uphold', 'lift')),
	CONSTRAINT "influencer_flags_appeal_check" CHECK (("influencer_flags"."appeal_text" is null) = ("influencer_flags"."appealed_at" is null)),
	CONSTRAINT "influencer_flags_decided_check" CHECK ("influencer_flags"."decided_at" is null or "influencer_flags"."appealed_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_purpose_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "influencer_flag_files" ADD CONSTRAINT "influencer_flag_files_flag_id_influencer_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."influencer_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_flag_files" ADD CONSTRAINT "influencer_flag_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_flags" ADD CONSTRAINT "influencer_flags_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_flags" ADD CONSTRAINT "influencer_flags_flagged_by_users_id_fk" FOREIGN KEY ("flagged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_flags" ADD CONSTRAINT "influencer_flags_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "influencer_flag_files_file_idx" ON "influencer_flag_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "influencer_flags_standing_idx" ON "influencer_flags" USING btree ("influencer_id") WHERE "influencer_flags"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "influencer_flags_influencer_idx" ON "influencer_flags" USING btree ("influencer_id","id");--> statement-breakpoint
CREATE INDEX "influencer_flags_standing_queue_idx" ON "influencer_flags" USING btree ("flagged_at","id") WHERE "influencer_flags"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "influencer_flags_appeal_queue_idx" ON "influencer_flags" USING btree ("appealed_at","id") WHERE "influencer_flags"."appealed_at" is not null and "influencer_flags"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "influencer_flags_flagged_by_idx" ON "influencer_flags" USING btree ("flagged_by");--> statement-breakpoint
CREATE INDEX "influencer_flags_decided_by_idx" ON "influencer_flags" USING btree ("decided_by");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_purpose_check" CHECK ("files"."purpose" in ('picture', 'deal_image', 'chat_file', 'appeal_file'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('application', 'application_update', 'message', 'invitation', 'payment', 'work_done', 'work_not_done', 'money_released', 'release_reminder', 'refund', 'case_closed', 'declined', 'change_request', 'feedback', 'deal_review', 'news', 'payout_failed', 'payout_paid', 'arbitration', 'flagged', 'appeal_decided'));--> statement-breakpoint
-- Influencers flagged before reasons were recorded get a standing flag of reason `other`, by nobody, so that every
-- maybe_fake influencer has the flag their account shows and an appeal answers (hand-written).
INSERT INTO "influencer_flags" ("influencer_id", "reason", "note", "flagged_at")
SELECT "user_id", 'other', '', "updated_at" FROM "influencer_profiles" WHERE "maybe_fake";
