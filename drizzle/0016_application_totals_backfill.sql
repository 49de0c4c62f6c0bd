-- Custom SQL migration file, put your code below! --
-- Fills applications.total_reach and total_price_cents (0015) for the applications written before them; from now
-- on refreshApplicationTotals (packages/db/src/application-totals.ts) keeps them after every write of the prices.
UPDATE applications a SET
  total_reach = p.total_reach,
  total_price_cents = p.total_price_cents
FROM (SELECT application_id, sum(reach)::bigint AS total_reach, sum(price_cents)::bigint AS total_price_cents
      FROM application_prices GROUP BY application_id) p
WHERE a.id = p.application_id;
