-- The cases queue of the console (issue 36) reads only this index: its rows are the open cases, a few among the
-- applications.
CREATE INDEX "applications_open_case_idx" ON "applications" USING btree (least("contested_at", "arbitration_opened_at"),"id") WHERE "applications"."contested_at" is not null or "applications"."arbitration_opened_at" is not null;
