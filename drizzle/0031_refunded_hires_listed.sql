DROP INDEX "applications_influencer_paid_idx";--> statement-breakpoint
DROP INDEX "applications_brand_paid_idx";--> statement-breakpoint
CREATE INDEX "applications_influencer_paid_idx" ON "applications" USING btree ("influencer_id","paid_at","id") WHERE "applications"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "applications_brand_paid_idx" ON "applications" USING btree ("brand_id","paid_at","id") WHERE "applications"."paid_at" is not null;