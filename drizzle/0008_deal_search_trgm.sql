-- Custom SQL migration file, put your code below! --
-- Infix keyword search of the deal search (search_text like '%word%', search_text being the generated lowercased
-- title and description of 0007) through a trigram index over the deals that may be listed (the predicate of the
-- other search indexes), where the pg_trgm extension can be created (PostgreSQL with contrib). PGlite (the
-- embedded dev/test database) does not load it, so there the block does nothing and the keyword filter stays a
-- scan: same answers, slower.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS deals_search_text_trgm_idx ON deals USING gin (search_text gin_trgm_ops)
    WHERE deleted_at IS NULL AND NOT paused AND review_status <> 'KO';
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm unavailable, deal keyword search without a trigram index: %', SQLERRM;
END
$$;
