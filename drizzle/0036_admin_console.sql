DROP INDEX "admin_audit_log_admin_created_idx";--> statement-breakpoint
DROP INDEX "admin_audit_log_target_idx";--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_created_idx" ON "admin_audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_admin_created_idx" ON "admin_audit_log" USING btree ("admin_id","created_at","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id","created_at","id");--> statement-breakpoint
-- The audit log is append-only (issue 36: records cannot be edited or deleted through the product). The one change
-- allowed is the foreign key's own: a deleted user's id set to NULL in impersonated_user_id.
CREATE FUNCTION "admin_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.impersonated_user_id IS NULL
    AND (to_jsonb(NEW) - 'impersonated_user_id') = (to_jsonb(OLD) - 'impersonated_user_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_append_only" BEFORE UPDATE OR DELETE ON "admin_audit_log"
  FOR EACH ROW EXECUTE FUNCTION "admin_audit_log_append_only"();
