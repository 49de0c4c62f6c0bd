ALTER TABLE "applications" ADD COLUMN "influencer_unseen_at" timestamp with time zone DEFAULT '-infinity'::timestamptz NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_influencer_status_unseen_idx" ON "applications" USING btree ("influencer_id","status","influencer_unseen_at","updated_at","id");--> statement-breakpoint
-- applications.influencer_unseen_at is the newest of the influencer's unseen notifications about the application
-- (-infinity when none): the key of the influencer's "new notifications first" list, so that a page of it walks an
-- index (list-applications.ts) instead of grouping the influencer's unseen notifications per application, which a
-- prepared statement's generic plan did once per application (issue 33). Triggers on notifications keep it, in the
-- transaction of every write of them (notify, the seen marks, the seeds, a cascade), whoever writes.
--
-- Each refresh recomputes the key from the notifications, after locking the applications' rows (in id order): a
-- concurrent writer of the same applications' key has committed by then, and the recompute, a statement of its own,
-- sees its notifications (read committed: a volatile function's statement takes a fresh snapshot). One that comes
-- later waits for this transaction's row locks in turn. So the key equals the unseen notifications at every commit.
-- Only the influencer's notifications count: the brand's lock and change nothing. Lock order: notify() takes the
-- rows before the users' notification locks (a no-op here then), and the chat holds its row FOR NO KEY UPDATE,
-- never FOR SHARE (two sharers could not both upgrade for this refresh): see notify.ts and parties.ts.
CREATE FUNCTION "refresh_influencer_unseen_at"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "applications" WHERE "id" = ANY(ids) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "applications" a SET "influencer_unseen_at" = fresh.at
  FROM (
    SELECT b."id", coalesce((
      SELECT max(n."created_at") FROM "notifications" n
      WHERE n."user_id" = b."influencer_id" AND n."application_id" = b."id" AND n."seen_at" IS NULL
    ), '-infinity'::timestamptz) AS at
    FROM "applications" b WHERE b."id" = ANY(ids)
  ) fresh
  WHERE a."id" = fresh."id" AND a."influencer_unseen_at" IS DISTINCT FROM fresh.at;
END
$$;
--> statement-breakpoint
-- The applications whose key a statement may have changed: those of the influencer's unseen notifications it
-- inserted or deleted, or whose seen mark, application, recipient or instant it changed (the mail sweep's
-- mailed_at changes none). Statement-level: a mark-all or a seed's bulk insert refreshes each application once.
CREATE FUNCTION "notifications_inserted_unseen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_influencer_unseen_at"(array(
    SELECT DISTINCT a."id" FROM "inserted_notifications" n
    JOIN "applications" a ON a."id" = n."application_id" AND a."influencer_id" = n."user_id"
    WHERE n."seen_at" IS NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notifications_deleted_unseen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_influencer_unseen_at"(array(
    SELECT DISTINCT a."id" FROM "deleted_notifications" n
    JOIN "applications" a ON a."id" = n."application_id" AND a."influencer_id" = n."user_id"
    WHERE n."seen_at" IS NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notifications_updated_unseen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_influencer_unseen_at"(array(
    SELECT DISTINCT a."id"
    FROM "old_notifications" o JOIN "new_notifications" n ON n."id" = o."id"
    CROSS JOIN LATERAL (VALUES (o."application_id", o."user_id"), (n."application_id", n."user_id")) AS side(application_id, user_id)
    JOIN "applications" a ON a."id" = side.application_id AND a."influencer_id" = side.user_id
    WHERE (o."seen_at" IS NULL OR n."seen_at" IS NULL)
      AND ((o."seen_at" IS NULL) <> (n."seen_at" IS NULL)
        OR (o."application_id", o."user_id", o."created_at") IS DISTINCT FROM (n."application_id", n."user_id", n."created_at"))));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_unseen_inserted" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS "inserted_notifications"
  FOR EACH STATEMENT EXECUTE FUNCTION "notifications_inserted_unseen"();
--> statement-breakpoint
CREATE TRIGGER "notifications_unseen_deleted" AFTER DELETE ON "notifications"
  REFERENCING OLD TABLE AS "deleted_notifications"
  FOR EACH STATEMENT EXECUTE FUNCTION "notifications_deleted_unseen"();
--> statement-breakpoint
CREATE TRIGGER "notifications_unseen_updated" AFTER UPDATE ON "notifications"
  REFERENCING OLD TABLE AS "old_notifications" NEW TABLE AS "new_notifications"
  FOR EACH STATEMENT EXECUTE FUNCTION "notifications_updated_unseen"();
--> statement-breakpoint
-- The keys of the notifications already written.
UPDATE "applications" a SET "influencer_unseen_at" = unseen.at
FROM (
  SELECT n."application_id", max(n."created_at") AS at FROM "notifications" n
  JOIN "applications" b ON b."id" = n."application_id" AND b."influencer_id" = n."user_id"
  WHERE n."seen_at" IS NULL
  GROUP BY n."application_id"
) unseen
WHERE a."id" = unseen."application_id";
