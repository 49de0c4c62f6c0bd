CREATE TABLE "admin_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"admin_id" integer NOT NULL,
	"impersonated_user_id" integer,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_prices" (
	"application_id" integer NOT NULL,
	"network_type" text NOT NULL,
	"network_id" integer,
	"price_cents" integer NOT NULL,
	"creation_days" smallint NOT NULL,
	"link" text,
	"reach" integer DEFAULT 0 NOT NULL,
	"hired" boolean DEFAULT false NOT NULL,
	CONSTRAINT "application_prices_application_id_network_type_pk" PRIMARY KEY("application_id","network_type"),
	CONSTRAINT "application_prices_network_type_check" CHECK ("application_prices"."network_type" in ('facebook', 'twitter', 'youtube', 'instagram', 'snapchat', 'pinterest', 'tumblr', 'blog')),
	CONSTRAINT "application_prices_price_check" CHECK ("application_prices"."price_cents" > 0),
	CONSTRAINT "application_prices_creation_days_check" CHECK ("application_prices"."creation_days" >= 0),
	CONSTRAINT "application_prices_reach_check" CHECK ("application_prices"."reach" >= 0)
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"influencer_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"text" text NOT NULL,
	"expiration" timestamp with time zone NOT NULL,
	"fee_brand_percent" numeric(5, 2),
	"fee_influencer_percent" numeric(5, 2),
	"denied_reason" text,
	"money_release_date" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"paid_amount_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_deal_influencer_key" UNIQUE("deal_id","influencer_id"),
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('WAITING', 'PROGRESS', 'COMPLETE', 'DENIED')),
	CONSTRAINT "applications_denied_reason_check" CHECK ("applications"."denied_reason" in ('NO_REASON', 'NOT_ENOUGH_FOLLOWERS', 'PRICE_TOO_HIGH', 'BAD_AUDIENCE', 'BAD_ENGAGEMENT', 'FAKE', 'EXPIRED')),
	CONSTRAINT "applications_denied_reason_status_check" CHECK ("applications"."denied_reason" is null or "applications"."status" = 'DENIED'),
	CONSTRAINT "applications_fees_check" CHECK ("applications"."fee_brand_percent" between 0 and 100 and "applications"."fee_influencer_percent" between 0 and 100),
	CONSTRAINT "applications_paid_amount_check" CHECK ("applications"."paid_amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" "bytea" PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_buckets_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"secret_hash" "bytea" NOT NULL,
	"user_id" integer NOT NULL,
	"impersonator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"sender_id" integer,
	"impersonator_id" integer,
	"type" text NOT NULL,
	"text" text,
	"file_id" uuid,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_type_check" CHECK ("chat_messages"."type" in ('text', 'file', 'payment', 'price_update', 'change_request', 'work_done', 'work_not_done', 'money_released'))
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"website" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"birth_day" smallint,
	"birth_month" smallint,
	"birth_year" smallint,
	"address" text,
	"address2" text,
	"city" text,
	"state" text,
	"zipcode" text,
	"country" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_birth_day_check" CHECK ("contacts"."birth_day" between 1 and 31),
	CONSTRAINT "contacts_birth_month_check" CHECK ("contacts"."birth_month" between 1 and 12),
	CONSTRAINT "contacts_birth_year_check" CHECK ("contacts"."birth_year" between 1915 and 2015)
);
--> statement-breakpoint
CREATE TABLE "deal_images" (
	"deal_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "deal_images_deal_id_position_pk" PRIMARY KEY("deal_id","position"),
	CONSTRAINT "deal_images_position_check" CHECK ("deal_images"."position" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"category" text NOT NULL,
	"price" text NOT NULL,
	"description" text NOT NULL,
	"networks" text[] NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"review_status" text DEFAULT 'NONE' NOT NULL,
	"a_about" text DEFAULT '' NOT NULL,
	"a_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"a_languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"extras" text[] DEFAULT '{}'::text[] NOT NULL,
	"e_discount" text,
	"e_giveaway" text,
	"e_free" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "deals_category_check" CHECK ("deals"."category" in ('apps', 'automotive', 'baby', 'beauty', 'books', 'clothing', 'electronics', 'events', 'grocery', 'health', 'home', 'jewelry', 'kitchen', 'lifestyle', 'music', 'office', 'pet', 'shoes', 'sports', 'toys', 'videogames')),
	CONSTRAINT "deals_price_check" CHECK ("deals"."price" in ('p25_100', 'p100_250', 'p250_500', 'p500_1000', 'p1000_2500', 'p2500_5000', 'p5000_10000', 'p10000')),
	CONSTRAINT "deals_review_status_check" CHECK ("deals"."review_status" in ('NONE', 'OK', 'KO')),
	CONSTRAINT "deals_networks_check" CHECK (cardinality("deals"."networks") > 0 and "deals"."networks" <@ array['facebook', 'twitter', 'youtube', 'instagram', 'snapchat', 'pinterest', 'tumblr', 'blog']::text[]),
	CONSTRAINT "deals_extras_check" CHECK ("deals"."extras" <@ array['discount', 'giveaway', 'free']::text[]),
	CONSTRAINT "deals_languages_check" CHECK ("deals"."a_languages" <@ array['en', 'es', 'fr', 'de', 'it', 'pt', 'other', 'all']::text[])
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"deal_id" integer NOT NULL,
	"influencer_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_deal_id_influencer_id_pk" PRIMARY KEY("deal_id","influencer_id")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"influencer_id" integer NOT NULL,
	"rating_content" smallint NOT NULL,
	"rating_availability" smallint NOT NULL,
	"rating_communication" smallint NOT NULL,
	"rating_cooperation" smallint NOT NULL,
	"rating_schedule" smallint NOT NULL,
	"i_comment" text DEFAULT '' NOT NULL,
	"work_again" boolean NOT NULL,
	"drove_action" boolean NOT NULL,
	"roi" text NOT NULL,
	"r_comment" text DEFAULT '' NOT NULL,
	"allow_use" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_rating_content_check" CHECK ("feedback"."rating_content" between 1 and 5),
	CONSTRAINT "feedback_rating_availability_check" CHECK ("feedback"."rating_availability" between 1 and 5),
	CONSTRAINT "feedback_rating_communication_check" CHECK ("feedback"."rating_communication" between 1 and 5),
	CONSTRAINT "feedback_rating_cooperation_check" CHECK ("feedback"."rating_cooperation" between 1 and 5),
	CONSTRAINT "feedback_rating_schedule_check" CHECK ("feedback"."rating_schedule" between 1 and 5),
	CONSTRAINT "feedback_roi_check" CHECK ("feedback"."roi" in ('bad', 'poor', 'neutral', 'good', 'excellent'))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" integer,
	"purpose" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "files_purpose_check" CHECK ("files"."purpose" in ('picture', 'deal_image', 'chat_file')),
	CONSTRAINT "files_size_bytes_check" CHECK ("files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"account" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" ~ '^(escrow:[0-9]+|influencer:[0-9]+|platform:fees|external:stripe|payouts:pending|external:payouts)$')
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"application_id" integer,
	"payout_id" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('payment', 'release', 'refund', 'payout_request', 'payout_paid', 'payout_failed'))
);
--> statement-breakpoint
CREATE TABLE "outgoing_mail" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outgoing_mail_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "network_verification_codes" (
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"username" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "network_verification_codes_user_id_type_pk" PRIMARY KEY("user_id","type"),
	CONSTRAINT "network_verification_codes_type_check" CHECK ("network_verification_codes"."type" in ('facebook', 'twitter', 'youtube', 'instagram', 'snapchat', 'pinterest', 'tumblr', 'blog'))
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "networks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"identifier" text NOT NULL,
	"link" text,
	"followers" integer DEFAULT 0 NOT NULL,
	"posts" integer,
	"reactions" integer,
	"engagement" double precision,
	"rating" smallint,
	"size_class" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_conflicting" boolean DEFAULT false NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networks_user_type_identifier_key" UNIQUE("user_id","type","identifier"),
	CONSTRAINT "networks_type_check" CHECK ("networks"."type" in ('facebook', 'twitter', 'youtube', 'instagram', 'snapchat', 'pinterest', 'tumblr', 'blog')),
	CONSTRAINT "networks_size_class_check" CHECK ("networks"."size_class" in ('big', 'medium', 'small')),
	CONSTRAINT "networks_rating_check" CHECK ("networks"."rating" between 1 and 5),
	CONSTRAINT "networks_counts_check" CHECK ("networks"."followers" >= 0 and "networks"."posts" >= 0 and "networks"."reactions" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "notification_preferences_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "notification_preferences_key_check" CHECK ("notification_preferences"."key" in ('appUpdate', 'message', 'news', 'deals', 'invitations', 'feedback'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"application_id" integer,
	"deal_id" integer,
	"sender_id" integer,
	"text" text,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('application', 'application_update', 'message', 'invitation', 'payment', 'work_done', 'work_not_done', 'money_released', 'declined', 'change_request', 'feedback', 'deal_review', 'news'))
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"attempt" smallint NOT NULL,
	"provider" text NOT NULL,
	"provider_intent_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_attempts_application_attempt_key" UNIQUE("application_id","attempt"),
	CONSTRAINT "payment_attempts_provider_check" CHECK ("payment_attempts"."provider" in ('stripe', 'sandbox')),
	CONSTRAINT "payment_attempts_status_check" CHECK ("payment_attempts"."status" in ('pending', 'requires_action', 'succeeded', 'failed', 'canceled')),
	CONSTRAINT "payment_attempts_amount_check" CHECK ("payment_attempts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "processed_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cards_provider_check" CHECK ("saved_cards"."provider" in ('stripe', 'sandbox')),
	CONSTRAINT "saved_cards_exp_month_check" CHECK ("saved_cards"."exp_month" between 1 and 12),
	CONSTRAINT "saved_cards_last4_check" CHECK ("saved_cards"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"email" text NOT NULL,
	"account_owner_name" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"release_date" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_method_check" CHECK ("payouts"."method" in ('transferwise', 'paypal')),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('processing', 'paid', 'failed', 'cancelled')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_cents" > 0),
	CONSTRAINT "payouts_account_owner_check" CHECK ("payouts"."method" <> 'transferwise' or coalesce(btrim("payouts"."account_owner_name"), '') <> '')
);
--> statement-breakpoint
CREATE TABLE "brand_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"brand_name" text DEFAULT '' NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "influencer_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"category" text,
	"city" text,
	"country" text,
	"gender" text,
	"audience_males" smallint,
	"audience_age_min" smallint,
	"audience_age_max" smallint,
	"audience_interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience_country" text,
	"maybe_fake" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_reach" bigint DEFAULT 0 NOT NULL,
	"max_engagement" double precision DEFAULT 0 NOT NULL,
	"network_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"engagement_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"average_fee_cents" integer,
	"hired_count" integer DEFAULT 0 NOT NULL,
	"cost_per_follower" double precision,
	"cost_per_engagement" double precision,
	"search_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "influencer_profiles_category_check" CHECK ("influencer_profiles"."category" in ('apps', 'automotive', 'baby', 'beauty', 'books', 'clothing', 'electronics', 'events', 'grocery', 'health', 'home', 'jewelry', 'kitchen', 'lifestyle', 'music', 'office', 'pet', 'shoes', 'sports', 'toys', 'videogames')),
	CONSTRAINT "influencer_profiles_gender_check" CHECK ("influencer_profiles"."gender" in ('male', 'female')),
	CONSTRAINT "influencer_profiles_audience_males_check" CHECK ("influencer_profiles"."audience_males" between 0 and 100),
	CONSTRAINT "influencer_profiles_audience_age_min_check" CHECK ("influencer_profiles"."audience_age_min" between 0 and 99),
	CONSTRAINT "influencer_profiles_audience_age_max_check" CHECK ("influencer_profiles"."audience_age_max" between 0 and 99),
	CONSTRAINT "influencer_profiles_audience_ages_check" CHECK ("influencer_profiles"."audience_age_min" <= "influencer_profiles"."audience_age_max"),
	CONSTRAINT "influencer_profiles_network_types_check" CHECK ("influencer_profiles"."network_types" <@ array['facebook', 'twitter', 'youtube', 'instagram', 'snapchat', 'pinterest', 'tumblr', 'blog']::text[]),
	CONSTRAINT "influencer_profiles_engagement_levels_check" CHECK ("influencer_profiles"."engagement_levels" <@ array['low', 'medium', 'high']::text[]),
	CONSTRAINT "influencer_profiles_counts_check" CHECK ("influencer_profiles"."total_reach" >= 0 and "influencer_profiles"."hired_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "arbitration_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "arbitration_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"picture" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"has_seen_onboarding" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_kind_check" CHECK ("users"."kind" in ('brand', 'influencer'))
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_impersonated_user_id_users_id_fk" FOREIGN KEY ("impersonated_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_prices" ADD CONSTRAINT "application_prices_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_prices" ADD CONSTRAINT "application_prices_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_brand_id_users_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_images" ADD CONSTRAINT "deal_images_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_images" ADD CONSTRAINT "deal_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_brand_id_users_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_verification_codes" ADD CONSTRAINT "network_verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD CONSTRAINT "brand_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_profiles" ADD CONSTRAINT "influencer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arbitration_requests" ADD CONSTRAINT "arbitration_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arbitration_requests" ADD CONSTRAINT "arbitration_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_admin_created_idx" ON "admin_audit_log" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "applications_deal_status_idx" ON "applications" USING btree ("deal_id","status");--> statement-breakpoint
CREATE INDEX "applications_influencer_updated_idx" ON "applications" USING btree ("influencer_id","updated_at");--> statement-breakpoint
CREATE INDEX "applications_brand_updated_idx" ON "applications" USING btree ("brand_id","updated_at");--> statement-breakpoint
CREATE INDEX "applications_status_expiration_idx" ON "applications" USING btree ("status","expiration");--> statement-breakpoint
CREATE INDEX "applications_release_due_idx" ON "applications" USING btree ("money_release_date") WHERE "applications"."status" = 'PROGRESS' and "applications"."money_release_date" is not null;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rate_limit_buckets_window_idx" ON "rate_limit_buckets" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "chat_messages_application_created_idx" ON "chat_messages" USING btree ("application_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deals_user_created_idx" ON "deals" USING btree ("user_id","created_at","id") WHERE "deals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "deals_created_idx" ON "deals" USING btree ("created_at","id") WHERE "deals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "deals_deadline_idx" ON "deals" USING btree ("deadline","id") WHERE "deals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "deals_category_idx" ON "deals" USING btree ("category","deadline") WHERE "deals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "deals_review_status_idx" ON "deals" USING btree ("review_status","created_at");--> statement-breakpoint
CREATE INDEX "deals_networks_idx" ON "deals" USING gin ("networks");--> statement-breakpoint
CREATE INDEX "invitations_influencer_created_idx" ON "invitations" USING btree ("influencer_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_influencer_id_idx" ON "feedback" USING btree ("influencer_id");--> statement-breakpoint
CREATE INDEX "files_owner_id_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_created_idx" ON "ledger_entries" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_id_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_application_id_idx" ON "ledger_transactions" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_payout_id_idx" ON "ledger_transactions" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "outgoing_mail_pending_idx" ON "outgoing_mail" USING btree ("created_at") WHERE "outgoing_mail"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "networks_user_id_idx" ON "networks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "networks_type_identifier_idx" ON "networks" USING btree ("type","identifier");--> statement-breakpoint
CREATE INDEX "notifications_user_seen_created_idx" ON "notifications" USING btree ("user_id","seen_at","created_at");--> statement-breakpoint
CREATE INDEX "notifications_application_id_idx" ON "notifications" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_provider_intent_key" ON "payment_attempts" USING btree ("provider","provider_intent_id") WHERE "payment_attempts"."provider_intent_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_attempts_status_idx" ON "payment_attempts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payouts_user_requested_idx" ON "payouts" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "influencer_profiles_reach_idx" ON "influencer_profiles" USING btree ("total_reach","user_id");--> statement-breakpoint
CREATE INDEX "influencer_profiles_created_idx" ON "influencer_profiles" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "influencer_profiles_engagement_idx" ON "influencer_profiles" USING btree ("max_engagement","user_id");--> statement-breakpoint
CREATE INDEX "influencer_profiles_cpf_idx" ON "influencer_profiles" USING btree ("cost_per_follower","user_id");--> statement-breakpoint
CREATE INDEX "influencer_profiles_cpe_idx" ON "influencer_profiles" USING btree ("cost_per_engagement","user_id");--> statement-breakpoint
CREATE INDEX "influencer_profiles_hired_idx" ON "influencer_profiles" USING btree ("hired_count","user_id");--> statement-breakpoint
CREATE INDEX "influencer_profiles_network_types_idx" ON "influencer_profiles" USING gin ("network_types");--> statement-breakpoint
CREATE INDEX "influencer_profiles_engagement_levels_idx" ON "influencer_profiles" USING gin ("engagement_levels");--> statement-breakpoint
CREATE INDEX "influencer_profiles_category_idx" ON "influencer_profiles" USING btree ("category");--> statement-breakpoint
CREATE INDEX "influencer_profiles_country_idx" ON "influencer_profiles" USING btree ("country");--> statement-breakpoint
CREATE INDEX "influencer_profiles_search_text_idx" ON "influencer_profiles" USING btree ("search_text" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "arbitration_requests_application_id_idx" ON "arbitration_requests" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "help_requests_user_id_idx" ON "help_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));