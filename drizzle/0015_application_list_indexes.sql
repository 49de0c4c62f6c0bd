DROP INDEX "applications_deal_status_idx";--> statement-breakpoint
DROP INDEX "applications_influencer_updated_idx";--> statement-breakpoint
DROP INDEX "applications_brand_updated_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "total_reach" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "total_price_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_deal_status_updated_idx" ON "applications" USING btree ("deal_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "applications_deal_status_reach_idx" ON "applications" USING btree ("deal_id","status","total_reach","id");--> statement-breakpoint
CREATE INDEX "applications_deal_status_price_idx" ON "applications" USING btree ("deal_id","status","total_price_cents","id");--> statement-breakpoint
CREATE INDEX "applications_brand_status_updated_idx" ON "applications" USING btree ("brand_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "applications_brand_status_reach_idx" ON "applications" USING btree ("brand_id","status","total_reach","id");--> statement-breakpoint
CREATE INDEX "applications_brand_status_price_idx" ON "applications" USING btree ("brand_id","status","total_price_cents","id");--> statement-breakpoint
CREATE INDEX "applications_influencer_status_updated_idx" ON "applications" USING btree ("influencer_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unseen_application_idx" ON "notifications" USING btree ("user_id","application_id","created_at") WHERE "notifications"."seen_at" is null;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_totals_check" CHECK ("applications"."total_reach" >= 0 and "applications"."total_price_cents" >= 0);