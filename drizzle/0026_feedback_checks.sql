ALTER TABLE "feedback" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_impersonator_id_idx" ON "feedback" USING btree ("impersonator_id");--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_comments_length_check" CHECK (char_length("feedback"."i_comment") <= 2000 and char_length("feedback"."r_comment") <= 2000);