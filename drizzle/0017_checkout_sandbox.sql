CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payment_method_id" text NOT NULL,
	"status" text NOT NULL,
	"client_secret" text NOT NULL,
	"save_for_user_id" integer,
	"failure_code" text,
	"failure_message" text,
	"refund_id" text,
	"refund_idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_payment_intents_client_secret_unique" UNIQUE("client_secret"),
	CONSTRAINT "sandbox_payment_intents_refund_idempotency_key_unique" UNIQUE("refund_idempotency_key"),
	CONSTRAINT "sandbox_payment_intents_status_check" CHECK ("sandbox_payment_intents"."status" in ('requires_action', 'succeeded', 'failed')),
	CONSTRAINT "sandbox_payment_intents_amount_check" CHECK ("sandbox_payment_intents"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"behaviour" text NOT NULL,
	"customer_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_methods_behaviour_check" CHECK ("sandbox_payment_methods"."behaviour" in ('succeeds', 'requires_authentication', 'declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc')),
	CONSTRAINT "sandbox_payment_methods_exp_month_check" CHECK ("sandbox_payment_methods"."exp_month" between 1 and 12),
	CONSTRAINT "sandbox_payment_methods_last4_check" CHECK ("sandbox_payment_methods"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "networks" text[];--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "fee_brand_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "fee_influencer_percent" numeric(5, 2);--> statement-breakpoint
-- Attempts written before these columns (the seeded history) paid for their application's hired networks at its
-- fees; the new columns are filled from there before they become NOT NULL.
UPDATE "payment_attempts" pa SET
  "networks" = coalesce((SELECT array_agg(p."network_type" ORDER BY p."network_type") FROM "application_prices" p
                         WHERE p."application_id" = pa."application_id" AND p."hired"), '{}'::text[]),
  "fee_brand_percent" = coalesce(a."fee_brand_percent", 10),
  "fee_influencer_percent" = coalesce(a."fee_influencer_percent", 10)
FROM "applications" a WHERE a."id" = pa."application_id";--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "networks" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "fee_brand_percent" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "fee_influencer_percent" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_payment_method_id_sandbox_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."sandbox_payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_save_for_user_id_users_id_fk" FOREIGN KEY ("save_for_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" ADD CONSTRAINT "sandbox_payment_methods_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_payment_intents_payment_method_idx" ON "sandbox_payment_intents" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "sandbox_payment_intents_save_for_user_idx" ON "sandbox_payment_intents" USING btree ("save_for_user_id");--> statement-breakpoint
CREATE INDEX "sandbox_payment_methods_customer_idx" ON "sandbox_payment_methods" USING btree ("customer_user_id");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_networks_check" CHECK ("payment_attempts"."networks" <@ array['facebook', 'twitter', 'youtube', 'instagram', 'snapchat', 'pinterest', 'tumblr', 'blog']::text[]);--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_fees_check" CHECK ("payment_attempts"."fee_brand_percent" between 0 and 100 and "payment_attempts"."fee_influencer_percent" between 0 and 100);