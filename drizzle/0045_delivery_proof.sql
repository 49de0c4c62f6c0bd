CREATE TABLE "contested_posts" (
	"arbitration_request_id" integer NOT NULL,
	"delivered_post_id" integer NOT NULL,
	CONSTRAINT "contested_posts_arbitration_request_id_delivered_post_id_pk" PRIMARY KEY("arbitration_request_id","delivered_post_id")
);
--> statement-breakpoint
CREATE TABLE "delivered_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivered_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"delivery_id" integer NOT NULL,
	"network_type" text NOT NULL,
	"network_id" integer,
	"url" text NOT NULL,
	"post_id" text,
	"check_state" text DEFAULT 'pending' NOT NULL,
	"check_reason" text,
	"checked_at" timestamp with time zone,
	"check_attempts" smallint DEFAULT 0 NOT NULL,
	"check_due_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"thumbnail_url" text,
	"views" bigint,
	"likes" bigint,
	"comments" bigint,
	"next_snapshot_kind" text,
	"next_snapshot_at" timestamp with time zone,
	CONSTRAINT "delivered_posts_delivery_network_key" UNIQUE("delivery_id","network_type"),
	CONSTRAINT "delivered_posts_network_type_check" CHECK ("delivered_posts"."network_type" in ('facebook', 'twitter', 'youtube', 'instagram', 'snapchat', 'pinterest', 'tumblr', 'blog')),
	CONSTRAINT "delivered_posts_check_state_check" CHECK ("delivered_posts"."check_state" in ('pending', 'verified', 'not_found', 'other_account', 'before_hire', 'unverifiable', 'unavailable')),
	CONSTRAINT "delivered_posts_next_snapshot_kind_check" CHECK ("delivered_posts"."next_snapshot_kind" in ('initial', 'day1', 'day7')),
	CONSTRAINT "delivered_posts_next_snapshot_check" CHECK (("delivered_posts"."next_snapshot_kind" is null) = ("delivered_posts"."next_snapshot_at" is null)),
	CONSTRAINT "delivered_posts_counts_check" CHECK ("delivered_posts"."views" >= 0 and "delivered_posts"."likes" >= 0 and "delivered_posts"."comments" >= 0 and "delivered_posts"."check_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"user_id" integer,
	"impersonator_id" integer,
	"note" text,
	"contest_request_id" integer,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_files" (
	"delivery_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "delivery_files_delivery_id_file_id_pk" PRIMARY KEY("delivery_id","file_id"),
	CONSTRAINT "delivery_files_position_check" CHECK ("delivery_files"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "post_statistics_snapshots" (
	"delivered_post_id" integer NOT NULL,
	"kind" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"views" bigint,
	"likes" bigint,
	"comments" bigint,
	CONSTRAINT "post_statistics_snapshots_delivered_post_id_kind_pk" PRIMARY KEY("delivered_post_id","kind"),
	CONSTRAINT "post_statistics_snapshots_kind_check" CHECK ("post_statistics_snapshots"."kind" in ('initial', 'day1', 'day7')),
	CONSTRAINT "post_statistics_snapshots_counts_check" CHECK ("post_statistics_snapshots"."views" >= 0 and "post_statistics_snapshots"."likes" >= 0 and "post_statistics_snapshots"."comments" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contested_posts" ADD CONSTRAINT "contested_posts_arbitration_request_id_arbitration_requests_id_fk" FOREIGN KEY ("arbitration_request_id") REFERENCES "public"."arbitration_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contested_posts" ADD CONSTRAINT "contested_posts_delivered_post_id_delivered_posts_id_fk" FOREIGN KEY ("delivered_post_id") REFERENCES "public"."delivered_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivered_posts" ADD CONSTRAINT "delivered_posts_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivered_posts" ADD CONSTRAINT "delivered_posts_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_contest_request_id_arbitration_requests_id_fk" FOREIGN KEY ("contest_request_id") REFERENCES "public"."arbitration_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_files" ADD CONSTRAINT "delivery_files_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_files" ADD CONSTRAINT "delivery_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_statistics_snapshots" ADD CONSTRAINT "post_statistics_snapshots_delivered_post_id_delivered_posts_id_fk" FOREIGN KEY ("delivered_post_id") REFERENCES "public"."delivered_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contested_posts_delivered_post_id_idx" ON "contested_posts" USING btree ("delivered_post_id");--> statement-breakpoint
CREATE INDEX "delivered_posts_network_id_idx" ON "delivered_posts" USING btree ("network_id");--> statement-breakpoint
CREATE INDEX "delivered_posts_check_due_idx" ON "delivered_posts" USING btree ("check_due_at") WHERE "delivered_posts"."check_due_at" is not null;--> statement-breakpoint
CREATE INDEX "delivered_posts_snapshot_due_idx" ON "delivered_posts" USING btree ("next_snapshot_at") WHERE "delivered_posts"."next_snapshot_at" is not null;--> statement-breakpoint
CREATE INDEX "deliveries_application_idx" ON "deliveries" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "deliveries_user_id_idx" ON "deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deliveries_impersonator_id_idx" ON "deliveries" USING btree ("impersonator_id");--> statement-breakpoint
CREATE INDEX "deliveries_contest_request_id_idx" ON "deliveries" USING btree ("contest_request_id");--> statement-breakpoint
CREATE INDEX "delivery_files_file_id_idx" ON "delivery_files" USING btree ("file_id");