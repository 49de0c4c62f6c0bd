CREATE INDEX "application_prices_network_id_idx" ON "application_prices" USING btree ("network_id");--> statement-breakpoint
CREATE INDEX "notifications_deal_id_idx" ON "notifications" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "notifications_file_id_idx" ON "notifications" USING btree ("file_id");