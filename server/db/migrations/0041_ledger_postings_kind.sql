-- Issue 22: the transfer's kind on its postings, so that a read filtered by kind (the billing ledger's deal
-- item, the allocation details) finds an account's postings of that kind in an index. The database copies
-- it: a trigger sets it from the transfer on every insert, whatever the insert gave. The postings already
-- written get it here: the only change ever made to a posting, by this migration, under the table's
-- exclusive lock, with the immutability trigger off for this one statement. Hand-edited from drizzle-kit.
ALTER TABLE "ledger_postings" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "ledger_postings" DISABLE TRIGGER "ledger_postings_immutable";--> statement-breakpoint
UPDATE "ledger_postings" p SET "kind" = t."kind" FROM "ledger_transfers" t WHERE t."id" = p."transfer_id";--> statement-breakpoint
ALTER TABLE "ledger_postings" ENABLE TRIGGER "ledger_postings_immutable";--> statement-breakpoint
ALTER TABLE "ledger_postings" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION "ledger_postings_copy_kind"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."kind" := (SELECT t."kind" FROM "ledger_transfers" t WHERE t."id" = NEW."transfer_id");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_postings_kind" BEFORE INSERT ON "ledger_postings"
FOR EACH ROW EXECUTE FUNCTION "ledger_postings_copy_kind"();--> statement-breakpoint
DROP INDEX "ledger_postings_created_idx";--> statement-breakpoint
CREATE INDEX "ledger_postings_created_idx" ON "ledger_postings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"account_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_kind_created_idx" ON "ledger_postings" USING btree ("account_id","kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
