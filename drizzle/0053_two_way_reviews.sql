CREATE TABLE "brand_reviews" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"influencer_id" integer NOT NULL,
	"rating_brief" smallint NOT NULL,
	"rating_communication" smallint NOT NULL,
	"rating_payment" smallint NOT NULL,
	"rating_fairness" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"impersonator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"hidden_at" timestamp with time zone,
	CONSTRAINT "brand_reviews_rating_brief_check" CHECK ("brand_reviews"."rating_brief" between 1 and 5),
	CONSTRAINT "brand_reviews_rating_communication_check" CHECK ("brand_reviews"."rating_communication" between 1 and 5),
	CONSTRAINT "brand_reviews_rating_payment_check" CHECK ("brand_reviews"."rating_payment" between 1 and 5),
	CONSTRAINT "brand_reviews_rating_fairness_check" CHECK ("brand_reviews"."rating_fairness" between 1 and 5),
	CONSTRAINT "brand_reviews_text_length_check" CHECK (char_length("brand_reviews"."text") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"side" text NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_side_check" CHECK ("review_reports"."side" in ('of_influencer', 'of_brand')),
	CONSTRAINT "review_reports_reason_check" CHECK ("review_reports"."reason" in ('offensive', 'false', 'personal_data', 'spam', 'other')),
	CONSTRAINT "review_reports_note_length_check" CHECK (char_length("review_reports"."note") <= 1000)
);
--> statement-breakpoint
DROP INDEX "feedback_influencer_id_idx";--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "published_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
-- Feedback given before double-blind reviews was public at once: it stays public, from when it was given.
UPDATE "feedback" SET "published_at" = "created_at";--> statement-breakpoint
ALTER TABLE "brand_reviews" ADD CONSTRAINT "brand_reviews_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_reviews" ADD CONSTRAINT "brand_reviews_brand_id_users_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_reviews" ADD CONSTRAINT "brand_reviews_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_reviews" ADD CONSTRAINT "brand_reviews_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_reviews_brand_published_idx" ON "brand_reviews" USING btree ("brand_id","published_at","application_id");--> statement-breakpoint
CREATE INDEX "brand_reviews_influencer_id_idx" ON "brand_reviews" USING btree ("influencer_id");--> statement-breakpoint
CREATE INDEX "brand_reviews_impersonator_id_idx" ON "brand_reviews" USING btree ("impersonator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_once_idx" ON "review_reports" USING btree ("application_id","side","reporter_id");--> statement-breakpoint
CREATE INDEX "review_reports_created_idx" ON "review_reports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "review_reports_reporter_id_idx" ON "review_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "feedback_influencer_published_idx" ON "feedback" USING btree ("influencer_id","published_at","application_id");