CREATE TABLE "platform_daily_figures" (
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"gmv_paid_in_cents" bigint DEFAULT 0 NOT NULL,
	"fees_earned_cents" bigint DEFAULT 0 NOT NULL,
	"hires_paid" integer DEFAULT 0 NOT NULL,
	"hires_contested" integer DEFAULT 0 NOT NULL,
	"payouts_failed" integer DEFAULT 0 NOT NULL,
	"payouts_paid" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_daily_figures_day_slot_pk" PRIMARY KEY("day","slot")
);
--> statement-breakpoint
CREATE TABLE "platform_running_figures" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"escrow_held_cents" bigint DEFAULT 0 NOT NULL,
	"payouts_in_flight" integer DEFAULT 0 NOT NULL,
	"payouts_in_flight_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_facts" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"hours_work_done_to_release" double precision,
	"automatic" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "release_facts" ADD CONSTRAINT "release_facts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_facts_released_at_idx" ON "release_facts" USING btree ("released_at","hours_work_done_to_release","automatic");--> statement-breakpoint
-- The dashboard's figures kept by row triggers (issue 36, point 1; packages/db/src/schema/figures.ts says why
-- triggers rather than the services: every writer of these rows keeps them, in its own transaction). Each trigger
-- takes back what the old row counted and adds what the new row counts, so an update that moves a date, a status or
-- an amount moves the figure with it. The ledger is append-only and a paid hire cannot be deleted (its ledger
-- transactions restrict it), so inserts are all the ledger's and the chat's triggers see.

-- The slot of the writing connection: the rows of one day (or the running row) are spread over 8, so that
-- concurrent writers seldom wait on one summary row until commit.
CREATE FUNCTION "figures_slot"() RETURNS smallint LANGUAGE sql STABLE AS $$
  select (pg_backend_pid() % 8)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION "figures_add_day"(
  "at" timestamptz, "gmv" bigint, "fees" bigint, "paid" integer, "contested" integer, "failed" integer,
  "paid_out" integer
) RETURNS void LANGUAGE sql AS $$
  insert into platform_daily_figures as f
    (day, slot, gmv_paid_in_cents, fees_earned_cents, hires_paid, hires_contested, payouts_failed, payouts_paid)
  values ((at at time zone 'UTC')::date, figures_slot(), gmv, fees, paid, contested, failed, paid_out)
  on conflict (day, slot) do update set
    gmv_paid_in_cents = f.gmv_paid_in_cents + excluded.gmv_paid_in_cents,
    fees_earned_cents = f.fees_earned_cents + excluded.fees_earned_cents,
    hires_paid = f.hires_paid + excluded.hires_paid,
    hires_contested = f.hires_contested + excluded.hires_contested,
    payouts_failed = f.payouts_failed + excluded.payouts_failed,
    payouts_paid = f.payouts_paid + excluded.payouts_paid
$$;
--> statement-breakpoint
CREATE FUNCTION "figures_add_running"("escrow" bigint, "in_flight" integer, "in_flight_cents" bigint)
RETURNS void LANGUAGE sql AS $$
  insert into platform_running_figures as f (slot, escrow_held_cents, payouts_in_flight, payouts_in_flight_cents)
  values (figures_slot(), escrow, in_flight, in_flight_cents)
  on conflict (slot) do update set
    escrow_held_cents = f.escrow_held_cents + excluded.escrow_held_cents,
    payouts_in_flight = f.payouts_in_flight + excluded.payouts_in_flight,
    payouts_in_flight_cents = f.payouts_in_flight_cents + excluded.payouts_in_flight_cents
$$;
--> statement-breakpoint
-- GMV (debits of external:stripe), fees (credits of platform:fees) by the entry's day; escrow held as the running
-- balance of every escrow account (money.md: an escrow account is B while its hire is PROGRESS and paid, 0 otherwise,
-- so the total of all escrow accounts is the total over the hires in progress).
CREATE FUNCTION "ledger_entries_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.account = 'external:stripe' THEN
    IF NEW.amount_cents < 0 THEN PERFORM figures_add_day(NEW.created_at, -NEW.amount_cents, 0, 0, 0, 0, 0); END IF;
  ELSIF NEW.account = 'platform:fees' THEN
    PERFORM figures_add_day(NEW.created_at, 0, NEW.amount_cents, 0, 0, 0, 0);
  ELSE
    PERFORM figures_add_running(NEW.amount_cents, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_figures" AFTER INSERT ON "ledger_entries" FOR EACH ROW
  WHEN (NEW.account IN ('external:stripe', 'platform:fees') OR NEW.account LIKE 'escrow:%')
  EXECUTE FUNCTION "ledger_entries_figures"();
--> statement-breakpoint
-- A hire counts as contested once it has any work_not_done line, resolved since or not.
CREATE FUNCTION "hire_contested"("application" integer) RETURNS integer LANGUAGE sql STABLE AS $$
  select case when exists (select 1 from chat_messages m
    where m.application_id = application and m.type = 'work_not_done') then 1 else 0 end
$$;
--> statement-breakpoint
-- The release fact of one hire, recomputed from its row and its chat lines (a few, by
-- chat_messages_application_created_idx): gone when it has no released_at.
CREATE FUNCTION "release_fact_refresh"("application" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  released timestamptz;
BEGIN
  SELECT a.released_at INTO released FROM applications a WHERE a.id = application;
  IF released IS NULL THEN
    DELETE FROM release_facts WHERE application_id = application;
    RETURN;
  END IF;
  INSERT INTO release_facts AS f (application_id, released_at, hours_work_done_to_release, automatic)
  SELECT application, released,
    (SELECT extract(epoch FROM released - max(m.created_at)) / 3600 FROM chat_messages m
      WHERE m.application_id = application AND m.type = 'work_done' AND m.created_at <= released),
    EXISTS (SELECT 1 FROM chat_messages m WHERE m.application_id = application AND m.type = 'money_released'
      AND m.payload ->> 'automatic' = 'true')
  ON CONFLICT (application_id) DO UPDATE SET released_at = excluded.released_at,
    hours_work_done_to_release = excluded.hours_work_done_to_release, automatic = excluded.automatic;
END $$;
--> statement-breakpoint
CREATE FUNCTION "applications_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.paid_at IS NOT DISTINCT FROM NEW.paid_at
    AND OLD.released_at IS NOT DISTINCT FROM NEW.released_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.paid_at IS NOT NULL AND OLD.paid_at IS DISTINCT FROM NEW.paid_at THEN
    PERFORM figures_add_day(OLD.paid_at, 0, 0, -1, -hire_contested(OLD.id), 0, 0);
  END IF;
  IF NEW.paid_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.paid_at IS DISTINCT FROM NEW.paid_at) THEN
    PERFORM figures_add_day(NEW.paid_at, 0, 0, 1, hire_contested(NEW.id), 0, 0);
  END IF;
  IF NEW.released_at IS NOT NULL OR (TG_OP = 'UPDATE' AND OLD.released_at IS NOT NULL) THEN
    PERFORM release_fact_refresh(NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "applications_figures" AFTER INSERT OR UPDATE OF "paid_at", "released_at" ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "applications_figures"();
--> statement-breakpoint
-- A hire's first work_not_done line makes it contested (on its paid_at's day); a work done or a release line may
-- change its release fact. (The contest is written under the application's lock, so two first lines cannot race.)
CREATE FUNCTION "chat_messages_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid timestamptz;
BEGIN
  IF NEW.type = 'work_not_done' THEN
    SELECT a.paid_at INTO paid FROM applications a WHERE a.id = NEW.application_id;
    IF paid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM chat_messages m WHERE m.application_id = NEW.application_id
      AND m.type = 'work_not_done' AND m.id <> NEW.id) THEN
      PERFORM figures_add_day(paid, 0, 0, 0, 1, 0, 0);
    END IF;
  ELSIF EXISTS (SELECT 1 FROM applications a WHERE a.id = NEW.application_id AND a.released_at IS NOT NULL) THEN
    PERFORM release_fact_refresh(NEW.application_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_figures" AFTER INSERT ON "chat_messages" FOR EACH ROW
  WHEN (NEW.type IN ('work_done', 'work_not_done', 'money_released'))
  EXECUTE FUNCTION "chat_messages_figures"();
--> statement-breakpoint
-- A payout counts as failed on its failed_at's day while failed, as paid on its release_date's day while paid, and
-- in flight (with its amount) while processing.
CREATE FUNCTION "payouts_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.status = 'failed' AND OLD.failed_at IS NOT NULL THEN
      PERFORM figures_add_day(OLD.failed_at, 0, 0, 0, 0, -1, 0);
    ELSIF OLD.status = 'paid' AND OLD.release_date IS NOT NULL THEN
      PERFORM figures_add_day(OLD.release_date, 0, 0, 0, 0, 0, -1);
    ELSIF OLD.status = 'processing' THEN
      PERFORM figures_add_running(0, -1, -OLD.amount_cents);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW.status = 'failed' AND NEW.failed_at IS NOT NULL THEN
      PERFORM figures_add_day(NEW.failed_at, 0, 0, 0, 0, 1, 0);
    ELSIF NEW.status = 'paid' AND NEW.release_date IS NOT NULL THEN
      PERFORM figures_add_day(NEW.release_date, 0, 0, 0, 0, 0, 1);
    ELSIF NEW.status = 'processing' THEN
      PERFORM figures_add_running(0, 1, NEW.amount_cents);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payouts_figures" AFTER INSERT OR DELETE ON "payouts" FOR EACH ROW
  EXECUTE FUNCTION "payouts_figures"();
--> statement-breakpoint
CREATE TRIGGER "payouts_figures_updated" AFTER UPDATE OF "status", "failed_at", "release_date", "amount_cents"
  ON "payouts" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.failed_at IS DISTINCT FROM NEW.failed_at
    OR OLD.release_date IS DISTINCT FROM NEW.release_date OR OLD.amount_cents IS DISTINCT FROM NEW.amount_cents)
  EXECUTE FUNCTION "payouts_figures"();
--> statement-breakpoint
-- Backfill from the existing rows, so that an existing database's figures agree with the lines (slot 0).
INSERT INTO "platform_daily_figures"
  (day, slot, gmv_paid_in_cents, fees_earned_cents, hires_paid, hires_contested, payouts_failed, payouts_paid)
SELECT day, 0, sum(gmv), sum(fees), sum(paid), sum(contested), sum(failed), sum(paid_out) FROM (
  SELECT (e.created_at at time zone 'UTC')::date AS day,
    CASE WHEN e.account = 'external:stripe' THEN -e.amount_cents ELSE 0 END AS gmv,
    CASE WHEN e.account = 'platform:fees' THEN e.amount_cents ELSE 0 END AS fees,
    0 AS paid, 0 AS contested, 0 AS failed, 0 AS paid_out
  FROM ledger_entries e
  WHERE (e.account = 'external:stripe' AND e.amount_cents < 0) OR e.account = 'platform:fees'
  UNION ALL
  SELECT (a.paid_at at time zone 'UTC')::date, 0, 0, 1, hire_contested(a.id), 0, 0
  FROM applications a WHERE a.paid_at IS NOT NULL
  UNION ALL
  SELECT (p.failed_at at time zone 'UTC')::date, 0, 0, 0, 0, 1, 0
  FROM payouts p WHERE p.status = 'failed' AND p.failed_at IS NOT NULL
  UNION ALL
  SELECT (p.release_date at time zone 'UTC')::date, 0, 0, 0, 0, 0, 1
  FROM payouts p WHERE p.status = 'paid' AND p.release_date IS NOT NULL
) facts GROUP BY day;
--> statement-breakpoint
INSERT INTO "platform_running_figures" (slot, escrow_held_cents, payouts_in_flight, payouts_in_flight_cents)
SELECT 0,
  (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e WHERE e.account LIKE 'escrow:%'),
  (SELECT count(*) FROM payouts p WHERE p.status = 'processing'),
  (SELECT coalesce(sum(p.amount_cents), 0) FROM payouts p WHERE p.status = 'processing');
--> statement-breakpoint
SELECT release_fact_refresh(a.id) FROM applications a WHERE a.released_at IS NOT NULL;
