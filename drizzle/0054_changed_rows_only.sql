-- A statement that names a column is not one that changes it. refreshInfluencerSearchColumns sets every search
-- column of the influencers it is given (on every proposal sent or updated, every network linked or refreshed),
-- most often to the values they already had; the influencer_profiles UPDATE triggers of 0029 (any UPDATE) and 0034
-- (UPDATE OF city, country, search_text) fired on the statement, so each such write made every instance forget
-- every search and every user's cached reads (issue 33's money mix: a proposal update in fifty requests emptied
-- the user reads cache for all users). They now fire per row, only when a value they guard differs (WHEN is
-- evaluated without calling the function); INSERT, DELETE and TRUNCATE keep their statement triggers.
DROP TRIGGER "influencer_profiles_reads_changed" ON "influencer_profiles";--> statement-breakpoint
CREATE TRIGGER "influencer_profiles_reads_changed"
  AFTER INSERT OR DELETE OR TRUNCATE ON "influencer_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "influencer_profiles_update_reads_changed"
  AFTER UPDATE ON "influencer_profiles" FOR EACH ROW
  WHEN ((OLD."user_id", OLD."city", OLD."country", OLD."search_text")
    IS DISTINCT FROM (NEW."user_id", NEW."city", NEW."country", NEW."search_text"))
  EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
DROP TRIGGER "influencer_profiles_search_changed" ON "influencer_profiles";--> statement-breakpoint
CREATE TRIGGER "influencer_profiles_search_changed"
  AFTER INSERT OR DELETE OR TRUNCATE ON "influencer_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_notify"();
--> statement-breakpoint
-- The searches read nearly every column (filters, sorts, cards): any value changed, the caches forget.
CREATE TRIGGER "influencer_profiles_update_search_changed"
  AFTER UPDATE ON "influencer_profiles" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "search_changed_notify"();
--> statement-breakpoint
-- The same for a brand's name and a user's name and picture, which every user may read: a brand's settings save is
-- an upsert of its whole profile (INSERT ... ON CONFLICT DO UPDATE fires the INSERT statement triggers too), and it
-- named brand_name whatever changed. A row inserted or a value changed makes the caches forget; a value set to what
-- it was does not.
DROP TRIGGER "brand_profiles_reads_changed" ON "brand_profiles";--> statement-breakpoint
CREATE TRIGGER "brand_profiles_reads_changed" AFTER DELETE OR TRUNCATE ON "brand_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "brand_profiles_insert_reads_changed" AFTER INSERT ON "brand_profiles"
  FOR EACH ROW EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "brand_profiles_update_reads_changed" AFTER UPDATE ON "brand_profiles" FOR EACH ROW
  WHEN ((OLD."user_id", OLD."brand_name") IS DISTINCT FROM (NEW."user_id", NEW."brand_name"))
  EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
DROP TRIGGER "brand_profiles_search_changed" ON "brand_profiles";--> statement-breakpoint
CREATE TRIGGER "brand_profiles_search_changed" AFTER DELETE OR TRUNCATE ON "brand_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "brand_profiles_insert_search_changed" AFTER INSERT ON "brand_profiles"
  FOR EACH ROW EXECUTE FUNCTION "search_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "brand_profiles_update_search_changed" AFTER UPDATE ON "brand_profiles" FOR EACH ROW
  WHEN ((OLD."user_id", OLD."brand_name") IS DISTINCT FROM (NEW."user_id", NEW."brand_name"))
  EXECUTE FUNCTION "search_changed_notify"();
--> statement-breakpoint
DROP TRIGGER "users_reads_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_reads_changed" AFTER DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "users_update_reads_changed" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD."username", OLD."picture") IS DISTINCT FROM (NEW."username", NEW."picture"))
  EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
DROP TRIGGER "users_search_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_search_changed" AFTER DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_update_search_changed" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD."username", OLD."picture") IS DISTINCT FROM (NEW."username", NEW."picture"))
  EXECUTE FUNCTION "search_changed_notify"();
