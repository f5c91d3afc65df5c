ALTER TABLE "ledger_entries" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "ledger_entries" CASCADE;--> statement-breakpoint
ALTER TABLE "members" DROP CONSTRAINT "members_balance_not_negative";--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "balance_cents";