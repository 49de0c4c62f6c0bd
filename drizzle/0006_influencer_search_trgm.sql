-- Infix keyword search of the influencer search (search_text like '%word%') through a trigram index, where the
-- pg_trgm extension can be created (PostgreSQL with contrib). PGlite (the embedded dev/test database) does not
-- load it, so there the block does nothing and the keyword filter stays a scan: same answers, slower.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS influencer_profiles_search_text_trgm_idx
    ON influencer_profiles USING gin (search_text gin_trgm_ops);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm unavailable, keyword search without a trigram index: %', SQLERRM;
END
$$;
