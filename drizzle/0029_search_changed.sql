-- Custom SQL migration file, put your code below! --
-- NOTIFY search_changed at the commit of any write to what the deal and influencer searches read, so that every
-- instance forgets its search caches (packages/api/src/services/search-changes.ts). Statement-level: a bulk write
-- (the scale seed) sends one, and PostgreSQL folds the identical NOTIFYs of one transaction into one. Columns the
-- searches do not read are left out where they are written often: a login (users.last_login_at), a token refresh
-- (networks' tokens and statistics_read_at). deal_search_docs changes only with deals or with time.
CREATE FUNCTION "search_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "deals"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "deal_images_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "deal_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "brand_profiles_search_changed"
  AFTER INSERT OR UPDATE OF "user_id", "brand_name" OR DELETE OR TRUNCATE ON "brand_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "influencer_profiles_search_changed"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "influencer_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "networks_search_changed"
  AFTER INSERT OR UPDATE OF "user_id", "type", "followers", "engagement", "rating" OR DELETE OR TRUNCATE ON "networks"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_search_changed" AFTER UPDATE OF "username", "picture" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_changed_notify"();
