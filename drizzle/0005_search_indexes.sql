DROP INDEX "deals_created_idx";--> statement-breakpoint
DROP INDEX "deals_deadline_idx";--> statement-breakpoint
DROP INDEX "deals_category_idx";--> statement-breakpoint
DROP INDEX "influencer_profiles_reach_idx";--> statement-breakpoint
DROP INDEX "influencer_profiles_category_idx";--> statement-breakpoint
CREATE INDEX "deals_search_created_idx" ON "deals" USING btree ("created_at","id","deadline") WHERE "deals"."deleted_at" is null and not "deals"."paused" and "deals"."review_status" <> 'KO';--> statement-breakpoint
CREATE INDEX "deals_search_deadline_idx" ON "deals" USING btree ("deadline","id","category","price","networks","extras","a_countries","user_id") WHERE "deals"."deleted_at" is null and not "deals"."paused" and "deals"."review_status" <> 'KO';--> statement-breakpoint
CREATE INDEX "deals_search_counts_idx" ON "deals" USING btree ("deadline","category") WHERE "deals"."deleted_at" is null and not "deals"."paused" and "deals"."review_status" <> 'KO';--> statement-breakpoint
CREATE INDEX "influencer_profiles_reach_idx" ON "influencer_profiles" USING btree ("total_reach","user_id","category","country","gender","audience_age_min","audience_age_max","network_types","engagement_levels","search_text");--> statement-breakpoint
CREATE INDEX "influencer_profiles_category_idx" ON "influencer_profiles" USING btree ("category","country","gender","audience_age_min","audience_age_max","network_types","engagement_levels","total_reach","created_at","max_engagement","cost_per_follower","cost_per_engagement","hired_count","user_id");