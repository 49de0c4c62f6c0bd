CREATE TABLE "login_sources" (
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_sources_user_id_source_pk" PRIMARY KEY("user_id","source")
);
--> statement-breakpoint
ALTER TABLE "rate_limit_buckets" ADD COLUMN "last_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_sources" ADD CONSTRAINT "login_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_sources_last_success_at_idx" ON "login_sources" USING btree ("last_success_at");