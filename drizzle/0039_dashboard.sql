ALTER TABLE "deals" ADD COLUMN "review_reason" text;--> statement-breakpoint
CREATE INDEX "applications_paid_at_idx" ON "applications" USING btree ("paid_at") WHERE "applications"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "applications_released_at_idx" ON "applications" USING btree ("released_at") WHERE "applications"."released_at" is not null;--> statement-breakpoint
CREATE INDEX "deals_review_queue_idx" ON "deals" USING btree ("created_at","id") WHERE "deals"."review_status" = 'NONE' and "deals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "payouts_failed_at_idx" ON "payouts" USING btree ("failed_at") WHERE "payouts"."failed_at" is not null;--> statement-breakpoint
CREATE INDEX "payouts_release_date_idx" ON "payouts" USING btree ("release_date") WHERE "payouts"."release_date" is not null;--> statement-breakpoint
CREATE INDEX "influencer_profiles_maybe_fake_idx" ON "influencer_profiles" USING btree ("created_at","user_id") WHERE "influencer_profiles"."maybe_fake";