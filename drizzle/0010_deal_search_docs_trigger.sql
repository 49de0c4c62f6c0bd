-- Custom SQL migration file, put your code below! --
-- Keeps deal_search_docs (0009) in step with deals: after every INSERT or UPDATE statement on deals, the written
-- rows that may be listed (not deleted, not paused, not rejected) are upserted and the others deleted; a hard
-- delete of a deal cascades through the foreign key. Statement-level with transition tables rather than per row,
-- so that a bulk insert (the scale seed, the bench: 200,000 deals) costs one set-based upsert. The deadline is
-- not part of the condition: the queries check it against the application's clock, which need not be the
-- database's (tests run on fixed clocks), and sweepClosedSearchDocs deletes docs whose deadline passed.
CREATE FUNCTION "deal_search_docs_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deal_search_docs AS doc (deal_id, created_at, deadline, user_id, category, price, networks_mask,
    extras_mask, countries_mask, search_text)
  SELECT id, created_at, deadline, user_id, category, price, networks_mask, extras_mask, countries_mask, search_text
  FROM written
  WHERE deleted_at IS NULL AND NOT paused AND review_status <> 'KO'
  ON CONFLICT (deal_id) DO UPDATE SET
    created_at = excluded.created_at,
    deadline = excluded.deadline,
    user_id = excluded.user_id,
    category = excluded.category,
    price = excluded.price,
    networks_mask = excluded.networks_mask,
    extras_mask = excluded.extras_mask,
    countries_mask = excluded.countries_mask,
    search_text = excluded.search_text
  -- Most updates (applications counters, updated_at) change nothing here: no new row version then.
  WHERE (doc.created_at, doc.deadline, doc.user_id, doc.category, doc.price, doc.networks_mask, doc.extras_mask,
      doc.countries_mask, doc.search_text)
    IS DISTINCT FROM (excluded.created_at, excluded.deadline, excluded.user_id, excluded.category, excluded.price,
      excluded.networks_mask, excluded.extras_mask, excluded.countries_mask, excluded.search_text);
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM deal_search_docs doc USING written
    WHERE doc.deal_id = written.id
      AND NOT (written.deleted_at IS NULL AND NOT written.paused AND written.review_status <> 'KO');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_search_docs_insert" AFTER INSERT ON "deals"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "deal_search_docs_sync"();
--> statement-breakpoint
CREATE TRIGGER "deals_search_docs_update" AFTER UPDATE ON "deals"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "deal_search_docs_sync"();
--> statement-breakpoint
-- The deals already there (the deadline against the database's clock, the production one; sweepClosedSearchDocs
-- would delete the others anyway).
INSERT INTO deal_search_docs (deal_id, created_at, deadline, user_id, category, price, networks_mask, extras_mask,
  countries_mask, search_text)
SELECT id, created_at, deadline, user_id, category, price, networks_mask, extras_mask, countries_mask, search_text
FROM deals
WHERE deleted_at IS NULL AND NOT paused AND review_status <> 'KO' AND deadline > now();
--> statement-breakpoint
-- The keyword is matched on the docs from now on: the trigram index of 0008 on deals.search_text has no reader left.
DROP INDEX IF EXISTS deals_search_text_trgm_idx;
--> statement-breakpoint
-- Infix keyword matching on the docs through a trigram index where pg_trgm can be created (as in 0008; PGlite
-- does not load it, and there the keyword filter stays a scan of the docs: same answers, slower).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS deal_search_docs_text_trgm_idx ON deal_search_docs USING gin (search_text gin_trgm_ops);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm unavailable, deal keyword search without a trigram index on deal_search_docs: %', SQLERRM;
END
$$;
