CREATE TABLE "api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"secret_hash" "bytea" NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"roll_expires_at" timestamp with time zone,
	"replaced_by_id" integer,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_mode_check" CHECK ("api_keys"."mode" in ('live', 'test')),
	CONSTRAINT "api_keys_scopes_check" CHECK ("api_keys"."scopes" <@ array['campaigns:read', 'campaigns:write', 'applications:read', 'applications:write', 'payments:read', 'payments:write', 'earnings:read', 'earnings:write', 'networks:read', 'networks:write', 'account:read', 'account:write']::text[]),
	CONSTRAINT "api_keys_scopes_not_empty" CHECK (cardinality("api_keys"."scopes") > 0)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_public_id_key" ON "api_keys" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "api_keys_user_created_idx" ON "api_keys" USING btree ("user_id","created_at","id");