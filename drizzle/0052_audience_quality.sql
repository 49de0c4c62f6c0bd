CREATE TABLE "engagement_tier_medians" (
	"size_class" text PRIMARY KEY NOT NULL,
	"median" double precision NOT NULL,
	"networks" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "engagement_tier_medians_size_class_check" CHECK ("engagement_tier_medians"."size_class" in ('big', 'medium', 'small'))
);
--> statement-breakpoint
CREATE TABLE "network_snapshots" (
	"network_id" integer NOT NULL,
	"day" date NOT NULL,
	"followers" integer NOT NULL,
	"posts" integer,
	"reactions" integer,
	"engagement" double precision,
	"likes" integer,
	"comments" integer,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "network_snapshots_network_id_day_pk" PRIMARY KEY("network_id","day")
);
--> statement-breakpoint
DROP INDEX "influencer_profiles_reach_idx";--> statement-breakpoint
DROP INDEX "influencer_profiles_category_idx";--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "audience_quality" smallint;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "audience_quality_detail" jsonb;--> statement-breakpoint
ALTER TABLE "influencer_profiles" ADD COLUMN "audience_quality" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "network_snapshots" ADD CONSTRAINT "network_snapshots_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "network_snapshots_day_idx" ON "network_snapshots" USING btree ("day");--> statement-breakpoint
CREATE INDEX "influencer_profiles_quality_idx" ON "influencer_profiles" USING btree ("audience_quality","user_id");--> statement-breakpoint
CREATE INDEX "influencer_profiles_reach_idx" ON "influencer_profiles" USING btree ("total_reach","user_id","category","country","gender","audience_age_min","audience_age_max","network_types","engagement_levels","search_text","audience_quality");--> statement-breakpoint
CREATE INDEX "influencer_profiles_category_idx" ON "influencer_profiles" USING btree ("category","country","gender","audience_age_min","audience_age_max","network_types","engagement_levels","total_reach","created_at","max_engagement","cost_per_follower","cost_per_engagement","hired_count","user_id","audience_quality");--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_audience_quality_check" CHECK ("networks"."audience_quality" between 0 and 100);--> statement-breakpoint
-- The search cards show each network's audience-quality score: a new score makes the caches forget (0029).
DROP TRIGGER "networks_search_changed" ON "networks";--> statement-breakpoint
CREATE TRIGGER "networks_search_changed"
  AFTER INSERT OR UPDATE OF "user_id", "type", "followers", "engagement", "rating", "audience_quality" OR DELETE OR TRUNCATE ON "networks"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_notify"();
