CREATE TABLE "ledger_account_totals" (
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_account_totals_account_id_kind_pk" PRIMARY KEY("account_id","kind")
);
--> statement-breakpoint
ALTER TABLE "ledger_account_totals" ADD CONSTRAINT "ledger_account_totals_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;