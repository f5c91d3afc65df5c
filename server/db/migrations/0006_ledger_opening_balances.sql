-- Custom SQL migration file, put your code below! --
-- Hand-written (drizzle-kit generate --custom): the data of the single-entry ledger moves into the
-- double-entry ledger of 0005, and the ledger's rows become immutable.
-- 1. Every currency a member uses gets its system accounts: sales (money paid for orders) and
--    topups (where money entering the house comes from; unbounded, it goes negative).
INSERT INTO "ledger_accounts" ("system", "currency", "rule")
SELECT DISTINCT s."name", m."money_type", CASE s."name" WHEN 'topups' THEN 'unbounded' ELSE 'non_negative' END
FROM "members" m CROSS JOIN (VALUES ('sales'), ('topups')) AS s("name")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 2. Every member gets an account in its currency (balance rule: never below zero).
INSERT INTO "ledger_accounts" ("member_id", "currency")
SELECT m."id", m."money_type" FROM "members" m ORDER BY m."id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 3. Each old ledger entry becomes a transfer (a credit from topups, a debit to sales), in the old
--    order, keeping kind, reference and time; then one opening transfer per member makes the account
--    equal to the old balance column if the old entries did not add up to it. Two postings each, with
--    the running balance after them.
WITH "moves" AS (
  SELECT e."id" AS "ord", e."member_id", e."amount_cents" AS "delta", e."kind", e."reference", e."created_at"
  FROM "ledger_entries" e
  UNION ALL
  SELECT (SELECT coalesce(max("id"), 0) FROM "ledger_entries") + m."id", m."id",
         m."balance_cents" - coalesce((SELECT sum(e."amount_cents") FROM "ledger_entries" e WHERE e."member_id" = m."id"), 0),
         'opening', 'opening balance', now()
  FROM "members" m
),
"ordered" AS MATERIALIZED (
  SELECT nextval(pg_get_serial_sequence('ledger_transfers', 'id')) AS "transfer_id", x.*
  FROM (
    SELECT mv."ord", abs(mv."delta") AS "amount", acc."currency", mv."kind", mv."reference", mv."created_at",
           CASE WHEN mv."delta" > 0 THEN topups."id" ELSE acc."id" END AS "debit_id",
           CASE WHEN mv."delta" > 0 THEN acc."id" ELSE sales."id" END AS "credit_id"
    FROM "moves" mv
    JOIN "members" m ON m."id" = mv."member_id"
    JOIN "ledger_accounts" acc ON acc."member_id" = m."id" AND acc."currency" = m."money_type"
    JOIN "ledger_accounts" topups ON topups."system" = 'topups' AND topups."currency" = m."money_type"
    JOIN "ledger_accounts" sales ON sales."system" = 'sales' AND sales."currency" = m."money_type"
    WHERE mv."delta" <> 0
    ORDER BY mv."ord"
  ) x
),
"transfers" AS (
  INSERT INTO "ledger_transfers" ("id", "debit_account_id", "credit_account_id", "amount_cents", "currency", "kind", "reference", "created_at")
  SELECT "transfer_id", "debit_id", "credit_id", "amount", "currency", "kind", "reference", "created_at" FROM "ordered"
),
"postings" AS (
  SELECT "transfer_id", "debit_id" AS "account_id", 'debit' AS "side", -"amount" AS "amount_cents", "currency", "created_at" FROM "ordered"
  UNION ALL
  SELECT "transfer_id", "credit_id", 'credit', "amount", "currency", "created_at" FROM "ordered"
)
INSERT INTO "ledger_postings" ("transfer_id", "account_id", "side", "amount_cents", "currency", "balance_after_cents", "created_at")
SELECT p."transfer_id", p."account_id", p."side", p."amount_cents", p."currency",
       sum(p."amount_cents") OVER (PARTITION BY p."account_id" ORDER BY p."transfer_id" ROWS UNBOUNDED PRECEDING),
       p."created_at"
FROM "postings" p;
--> statement-breakpoint
-- 4. An account's balance is the sum of its postings.
UPDATE "ledger_accounts" a
SET "balance_cents" = coalesce((SELECT sum(p."amount_cents") FROM "ledger_postings" p WHERE p."account_id" = a."id"), 0);
--> statement-breakpoint
-- 5. Transfers and postings are never updated or deleted: a mistake is corrected by a reversing transfer.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows of % are never updated or deleted; post a reversing transfer', TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_immutable" BEFORE UPDATE OR DELETE ON "ledger_transfers"
FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_postings_immutable" BEFORE UPDATE OR DELETE ON "ledger_postings"
FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
