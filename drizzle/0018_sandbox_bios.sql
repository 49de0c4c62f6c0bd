CREATE TABLE "sandbox_bios" (
	"username" text PRIMARY KEY NOT NULL,
	"bio" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
