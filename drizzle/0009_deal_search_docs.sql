CREATE TABLE "deal_search_docs" (
	"deal_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"price" text NOT NULL,
	"networks_mask" integer NOT NULL,
	"extras_mask" integer NOT NULL,
	"countries_mask" integer NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_search_docs" ADD CONSTRAINT "deal_search_docs_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_search_docs_created_idx" ON "deal_search_docs" USING btree ("created_at","deal_id");--> statement-breakpoint
CREATE INDEX "deal_search_docs_deadline_idx" ON "deal_search_docs" USING btree ("deadline","deal_id");--> statement-breakpoint
CREATE INDEX "deal_search_docs_user_idx" ON "deal_search_docs" USING btree ("user_id");