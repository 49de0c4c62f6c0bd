CREATE TABLE "brand_reliability" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"hires" integer DEFAULT 0 NOT NULL,
	"hires_contested" integer DEFAULT 0 NOT NULL,
	"hires_refunded" integer DEFAULT 0 NOT NULL,
	"releases" integer DEFAULT 0 NOT NULL,
	"releases_automatic" integer DEFAULT 0 NOT NULL,
	"timed_releases" integer DEFAULT 0 NOT NULL,
	"median_release_hours" double precision
);
--> statement-breakpoint
ALTER TABLE "brand_reliability" ADD CONSTRAINT "brand_reliability_brand_id_users_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A brand's reliability figures kept by row triggers (issue 40, point 2; packages/db/src/schema/brand-reliability.ts
-- says why triggers, as the dashboard's figures of 0042 do): every writer of the rows they count keeps them, in its
-- own transaction. Counters move by deltas: each trigger takes back what the old row counted and adds what the new
-- row counts. A paid hire cannot be deleted (its ledger transactions restrict it), so no trigger needs to see one go.

-- Adds deltas to a brand's counters, creating its row at its first hire.
CREATE FUNCTION "brand_reliability_add"("brand" integer, "paid" integer, "contested" integer, "refunded" integer)
RETURNS void LANGUAGE sql AS $$
  insert into brand_reliability as r (brand_id, hires, hires_contested, hires_refunded)
  values (brand, paid, contested, refunded)
  on conflict (brand_id) do update set
    hires = r.hires + excluded.hires,
    hires_contested = r.hires_contested + excluded.hires_contested,
    hires_refunded = r.hires_refunded + excluded.hires_refunded
$$;
--> statement-breakpoint
-- The release figures of one brand, recomputed over its released hires: its paid hires on
-- applications_brand_paid_idx, each one's release fact by key. The row is locked first, in a statement of its own,
-- so that the recount (a later statement, a later snapshot) sees every release committed before the lock was
-- granted: two releases of one brand at once cannot both write a median that misses the other.
CREATE FUNCTION "brand_reliability_releases_refresh"("brand" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO brand_reliability (brand_id) VALUES (brand) ON CONFLICT (brand_id) DO NOTHING;
  PERFORM 1 FROM brand_reliability WHERE brand_id = brand FOR UPDATE;
  UPDATE brand_reliability r SET
    releases = f.releases, releases_automatic = f.automatic, timed_releases = f.timed, median_release_hours = f.median
  FROM (
    SELECT count(*)::int AS releases, (count(*) FILTER (WHERE rf.automatic))::int AS automatic,
      count(rf.hours_work_done_to_release)::int AS timed,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY rf.hours_work_done_to_release) AS median
    FROM applications a JOIN release_facts rf ON rf.application_id = a.id
    WHERE a.brand_id = brand AND a.paid_at IS NOT NULL
  ) f
  WHERE r.brand_id = brand;
END $$;
--> statement-breakpoint
-- A hire counts once paid; as contested once it has any work_not_done line (0042's hire_contested); as refunded once
-- refunded_at is set.
CREATE FUNCTION "applications_brand_reliability"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_paid integer := 0;
  was_refunded integer := 0;
  is_paid integer := CASE WHEN NEW.paid_at IS NOT NULL THEN 1 ELSE 0 END;
  is_refunded integer := CASE WHEN NEW.paid_at IS NOT NULL AND NEW.refunded_at IS NOT NULL THEN 1 ELSE 0 END;
  contested integer;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    was_paid := CASE WHEN OLD.paid_at IS NOT NULL THEN 1 ELSE 0 END;
    was_refunded := CASE WHEN OLD.paid_at IS NOT NULL AND OLD.refunded_at IS NOT NULL THEN 1 ELSE 0 END;
  END IF;
  IF was_paid = is_paid AND was_refunded = is_refunded THEN
    RETURN NULL;
  END IF;
  contested := CASE WHEN was_paid <> is_paid THEN hire_contested(NEW.id) ELSE 0 END;
  PERFORM brand_reliability_add(NEW.brand_id, is_paid - was_paid, (is_paid - was_paid) * contested,
    is_refunded - was_refunded);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "applications_brand_reliability" AFTER INSERT OR UPDATE OF "paid_at", "refunded_at" ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "applications_brand_reliability"();
--> statement-breakpoint
-- A paid hire's first work_not_done line makes it contested.
CREATE FUNCTION "chat_messages_brand_reliability"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  brand integer;
BEGIN
  SELECT a.brand_id INTO brand FROM applications a WHERE a.id = NEW.application_id AND a.paid_at IS NOT NULL;
  IF brand IS NOT NULL AND NOT EXISTS (SELECT 1 FROM chat_messages m WHERE m.application_id = NEW.application_id
    AND m.type = 'work_not_done' AND m.id <> NEW.id) THEN
    PERFORM brand_reliability_add(brand, 0, 1, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_brand_reliability" AFTER INSERT ON "chat_messages" FOR EACH ROW
  WHEN (NEW.type = 'work_not_done')
  EXECUTE FUNCTION "chat_messages_brand_reliability"();
--> statement-breakpoint
-- Any change of a release fact (0042's triggers write them) recounts its brand's release figures.
CREATE FUNCTION "release_facts_brand_reliability"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  brand integer;
BEGIN
  SELECT a.brand_id INTO brand FROM applications a
    WHERE a.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.application_id ELSE NEW.application_id END;
  IF brand IS NOT NULL THEN
    PERFORM brand_reliability_releases_refresh(brand);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "release_facts_brand_reliability" AFTER INSERT OR UPDATE OR DELETE ON "release_facts"
  FOR EACH ROW EXECUTE FUNCTION "release_facts_brand_reliability"();
--> statement-breakpoint
-- Backfill from the existing rows.
INSERT INTO "brand_reliability" (brand_id, hires, hires_contested, hires_refunded)
SELECT a.brand_id, count(*)::int, sum(hire_contested(a.id))::int,
  (count(*) FILTER (WHERE a.refunded_at IS NOT NULL))::int
FROM applications a WHERE a.paid_at IS NOT NULL GROUP BY a.brand_id;
--> statement-breakpoint
SELECT brand_reliability_releases_refresh(b.brand_id) FROM brand_reliability b;
