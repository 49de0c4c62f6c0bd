DROP INDEX "deals_user_created_idx";--> statement-breakpoint
CREATE INDEX "admin_audit_log_impersonated_user_id_idx" ON "admin_audit_log" USING btree ("impersonated_user_id");--> statement-breakpoint
CREATE INDEX "sessions_impersonator_id_idx" ON "sessions" USING btree ("impersonator_id");--> statement-breakpoint
CREATE INDEX "chat_messages_sender_id_idx" ON "chat_messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "chat_messages_impersonator_id_idx" ON "chat_messages" USING btree ("impersonator_id");--> statement-breakpoint
CREATE INDEX "invitations_brand_id_idx" ON "invitations" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "notifications_sender_id_idx" ON "notifications" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "arbitration_requests_user_id_idx" ON "arbitration_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deals_user_created_idx" ON "deals" USING btree ("user_id","created_at","id");