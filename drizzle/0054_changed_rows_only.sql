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
