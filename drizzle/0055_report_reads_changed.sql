-- The brand's reports (services/reports) are kept in the user reads cache too (issue 33): besides the hires and
-- their prices (0034's triggers), they read each hire's current delivery, its posts and their statistics readings.
-- A change of these names the hire's two parties on reads_changed (0034), as a price does. Only what a report
-- reads: a post's check bookkeeping (attempts, due times, the next reading's time), written by the sweeps, does not.
CREATE TRIGGER "deliveries_reads_changed" AFTER INSERT OR UPDATE OF "application_id" OR DELETE ON "deliveries"
  FOR EACH ROW EXECUTE FUNCTION "reads_changed_application_parties"();
--> statement-breakpoint
-- A row reached from its delivery or its post: the application's parties, found by the keys (one lookup for both).
CREATE FUNCTION "reads_changed_notify_parties"(application integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  parties text;
BEGIN
  SELECT brand_id || ',' || influencer_id INTO parties FROM applications WHERE id = application;
  IF parties IS NOT NULL THEN
    PERFORM pg_notify('reads_changed', parties);
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "reads_changed_delivery_parties"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "reads_changed_notify_parties"((SELECT application_id FROM deliveries
    WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.delivery_id ELSE NEW.delivery_id END)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "delivered_posts_reads_changed"
  AFTER INSERT OR UPDATE OF "delivery_id", "network_type" OR DELETE ON "delivered_posts"
  FOR EACH ROW EXECUTE FUNCTION "reads_changed_delivery_parties"();
--> statement-breakpoint
CREATE FUNCTION "reads_changed_post_parties"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "reads_changed_notify_parties"((SELECT d.application_id FROM delivered_posts p
    JOIN deliveries d ON d.id = p.delivery_id
    WHERE p.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.delivered_post_id ELSE NEW.delivered_post_id END)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "post_statistics_snapshots_reads_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "post_statistics_snapshots"
  FOR EACH ROW EXECUTE FUNCTION "reads_changed_post_parties"();
--> statement-breakpoint
CREATE TRIGGER "deliveries_truncate_reads_changed" AFTER TRUNCATE ON "deliveries"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "delivered_posts_truncate_reads_changed" AFTER TRUNCATE ON "delivered_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
--> statement-breakpoint
CREATE TRIGGER "post_statistics_snapshots_truncate_reads_changed" AFTER TRUNCATE ON "post_statistics_snapshots"
  FOR EACH STATEMENT EXECUTE FUNCTION "reads_changed_everyone"();
