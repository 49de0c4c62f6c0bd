CREATE INDEX "applications_influencer_waiting_expiration_idx" ON "applications" USING btree ("influencer_id","expiration") WHERE "applications"."status" = 'WAITING';--> statement-breakpoint
CREATE INDEX "applications_brand_waiting_expiration_idx" ON "applications" USING btree ("brand_id","expiration") WHERE "applications"."status" = 'WAITING';--> statement-breakpoint
-- NOTIFY reads_changed at commit with the users whose own screens' reads a row change touches, so that every
-- instance forgets their cached reads (packages/api/src/services/user-reads-cache.ts). The application lists, a
-- campaign's applicants, the hires, the earnings and the payouts read: the applications (both parties'), their
-- prices and the ledger's transactions about them, the viewer's unseen notifications and payouts, the campaign (its
-- owner's: its applicant count, images and texts), and names everyone may read (usernames and pictures, an
-- influencer's city and country, a brand's name, a campaign's title), for which `*` makes every instance forget
-- everything. Row-level where a row names its users; PostgreSQL folds the identical NOTIFYs of one transaction into
-- one. Columns no such read shows are left out where they are written often (a login, statistics).
CREATE FUNCTION "reads_changed_parties"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('reads_changed', OLD.brand_id || ',' || OLD.influencer_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('reads_changed', NEW.brand_id || ',' || NEW.influencer_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_reads_changed" AFTER INSERT OR UPDATE OR DELETE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "reads_changed_parties"();
--> statement-breakpoint
CREATE FUNCTION "reads_changed_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('reads_changed', OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('reads_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The mail sweep's mailed_at is read by no screen.
CREATE TRIGGER "notifications_reads_changed"
  AFTER INSERT OR UPDATE OF "user_id", "application_id", "seen_at", "created_at" OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "reads_changed_owner"();
--> statement-breakpoint
CREATE TRIGGER "deals_reads_changed" AFTER INSERT OR UPDATE OR DELETE ON "deals"
  FOR EACH ROW EXECUTE FUNCTION "reads_changed_owner"();
--> statement-breakpoint
CREATE TRIGGER "payouts_reads_changed" AFTER INSERT OR UPDATE OR DELETE ON "payouts"
  FOR EACH ROW EXECUTE FUNCTION "reads_changed_owner"();
--> statement-breakpoint
-- A row about an application (its prices, the ledger's transactions): the application's parties, by its key.
CREATE FUNCTION "reads_changed_application_parties"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parties text;
BEGIN
  SELECT brand_id || ',' || influencer_id INTO parties FROM applications
    WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.application_id ELSE NEW.application_id END);
  IF parties IS NOT NULL THEN
    PERFORM pg_notify('reads_changed', parties);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "application_prices_reads_changed" AFTER INSERT OR UPDATE OR DELETE ON "application_prices"
  FOR EACH ROW EXECUTE FUNCTION "reads_changed_application_parties"();
--> statement-breakpoint
-- The ledger is append-only (its own triggers refuse the rest); a payout's transactions name no application.
CREATE TRIGGER "ledger_transactions_reads_changed" AFTER INSERT ON "ledger_transactions"
  FOR EACH ROW WHEN (NEW.application_id IS NOT NULL) EXECUTE FUNCTION "reads_changed_application_parties"();
--> statement-breakpoint
CREATE FUNCTION "reads_changed_everyone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reads_changed', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every influencer who applied reads a campaign's title on their list.
CREATE TRIGGER "deals_title_reads_changed" AFTER UPDATE OF "title" ON "deals"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "deal_images_reads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "deal_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "brand_profiles_reads_changed"
  AFTER INSERT OR UPDATE OF "user_id", "brand_name" OR DELETE OR TRUNCATE ON "brand_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "influencer_profiles_reads_changed"
  AFTER INSERT OR UPDATE OF "user_id", "city", "country", "search_text" OR DELETE OR TRUNCATE ON "influencer_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "users_reads_changed" AFTER UPDATE OF "username", "picture" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "applications_truncate_reads_changed" AFTER TRUNCATE ON "applications"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "notifications_truncate_reads_changed" AFTER TRUNCATE ON "notifications"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "deals_truncate_reads_changed" AFTER TRUNCATE ON "deals"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "payouts_truncate_reads_changed" AFTER TRUNCATE ON "payouts"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
