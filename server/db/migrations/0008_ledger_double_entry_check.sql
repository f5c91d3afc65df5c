-- Custom SQL migration file, put your code below! --
-- Hand-written (drizzle-kit generate --custom): the database itself refuses a transfer that is not
-- exactly two postings, its debit (-amount on the debit account) and its credit (+amount on the credit
-- account), checked when the transaction commits. With the unique (transfer_id, side) index and the
-- immutability triggers of 0006, no transfer can ever have other postings.
CREATE FUNCTION "ledger_check_double_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM "ledger_postings" p
      WHERE p."transfer_id" = NEW."id" AND p."currency" = NEW."currency"
        AND ((p."side" = 'debit' AND p."account_id" = NEW."debit_account_id" AND p."amount_cents" = -NEW."amount_cents")
          OR (p."side" = 'credit' AND p."account_id" = NEW."credit_account_id" AND p."amount_cents" = NEW."amount_cents"))) <> 2
     OR (SELECT count(*) FROM "ledger_postings" p WHERE p."transfer_id" = NEW."id") <> 2 THEN
    RAISE EXCEPTION 'ledger transfer % is not double-entry: it needs exactly its debit and its credit posting', NEW."id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_transfers_double_entry" AFTER INSERT ON "ledger_transfers"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_double_entry"();
