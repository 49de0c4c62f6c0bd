-- Custom SQL migration file, put your code below! --
-- Every ledger transaction balances (its entries sum to zero). Checked at commit, not per statement,
-- so a transaction's entries may be inserted one by one within one database transaction.
CREATE FUNCTION "ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx_id bigint;
  total numeric;
BEGIN
  FOREACH tx_id IN ARRAY array_remove(ARRAY[
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.transaction_id END,
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.transaction_id END
  ], NULL) LOOP
    SELECT coalesce(sum(amount_cents), 0) INTO total FROM ledger_entries WHERE transaction_id = tx_id;
    IF total <> 0 THEN
      RAISE EXCEPTION 'ledger transaction % is unbalanced: entries sum to %', tx_id, total
        USING ERRCODE = 'check_violation';
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced"
  AFTER INSERT OR UPDATE OR DELETE ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();
