-- The payment sandbox keeps Stripe's contract for a card that no customer holds: it is used by one charge (a
-- retry of that charge, with its idempotency key, included), and, ours, only by the brand that tokenized it
-- (issue 34: one token paid two applications, and a brand paid with another brand's token). Tokens from before
-- have no creator: anyone's, as before, but used once from now on.
ALTER TABLE "sandbox_payment_methods" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" ADD COLUMN "used_by_key" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" ADD CONSTRAINT "sandbox_payment_methods_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_payment_methods_created_by_idx" ON "sandbox_payment_methods" USING btree ("created_by_user_id");