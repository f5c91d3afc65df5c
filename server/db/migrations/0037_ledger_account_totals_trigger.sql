-- Issue 22: ledger_account_totals (what each account's postings sum to per kind of transfer) is kept by
-- the database like a balance: every statement that inserts postings adds them, grouped by account and
-- kind, in the same transaction (a transfer holds its two accounts' locks, so one account's rows change one
-- transfer at a time). Filled here from the postings already written. Hand-written.
INSERT INTO "ledger_account_totals" ("account_id", "kind", "amount_cents")
SELECT p."account_id", t."kind", sum(p."amount_cents")
FROM "ledger_postings" p JOIN "ledger_transfers" t ON t."id" = p."transfer_id"
GROUP BY p."account_id", t."kind";
--> statement-breakpoint
CREATE FUNCTION "ledger_account_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_account_totals" AS k ("account_id", "kind", "amount_cents")
  SELECT p."account_id", t."kind", sum(p."amount_cents")
  FROM "added" p JOIN "ledger_transfers" t ON t."id" = p."transfer_id"
  GROUP BY p."account_id", t."kind"
  ORDER BY p."account_id", t."kind"
  ON CONFLICT ("account_id", "kind") DO UPDATE SET "amount_cents" = k."amount_cents" + excluded."amount_cents";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_postings_account_totals" AFTER INSERT ON "ledger_postings"
REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_account_totals_add"();
