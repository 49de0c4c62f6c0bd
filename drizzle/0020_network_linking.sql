CREATE TABLE "network_link_states" (
	"state_hash" "bytea" PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"code_verifier" text NOT NULL,
	"next" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "network_link_states_type_check" CHECK ("network_link_states"."type" in ('facebook', 'twitter', 'youtube'))
);
--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "statistics_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "network_link_states" ADD CONSTRAINT "network_link_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "network_link_states_user_id_idx" ON "network_link_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "network_link_states_expires_at_idx" ON "network_link_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "networks_followers_idx" ON "networks" USING btree ("followers");--> statement-breakpoint
CREATE INDEX "networks_statistics_read_at_idx" ON "networks" USING btree ("statistics_read_at") WHERE "networks"."statistics_read_at" is not null;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_problem_check" CHECK ("networks"."problem" in ('none', 'followers', 'private', 'no-analytics', 'bad-username', 'no-token', 'too-late', 'no-fb-page', 'fb-page-followers', 'fb-broken', 'unknown', 'duplicate'));