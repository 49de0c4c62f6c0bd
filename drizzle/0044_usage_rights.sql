ALTER TABLE "application_prices" ADD COLUMN "usage_rights" jsonb DEFAULT '{"kind":"organic"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "application_prices" ADD CONSTRAINT "application_prices_usage_rights_check" CHECK (case "application_prices"."usage_rights"->>'kind'
        when 'organic' then true
        when 'licensed' then ("application_prices"."usage_rights"->>'months')::int between 1 and 24
          and "application_prices"."usage_rights" ? 'territory'
        when 'whitelisting' then ("application_prices"."usage_rights"->>'months')::int between 1 and 24
        else false end);