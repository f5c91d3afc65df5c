-- Issue 25: the open catalogues' searches are contains-searches (ILIKE '%text%', or LIKE on a lower-cased
-- column, server/db/like.ts), which a b-tree cannot answer: trigram GIN indexes (pg_trgm) can, on PostgreSQL
-- and on PGlite (its contrib pg_trgm, loaded by server/db/client.ts). pg_trgm is a trusted extension: the owner
-- of the database may create it. The keyword searches of one account (customers, orders, shipments) are left
-- to the account's b-tree, which the planner prefers to a trigram index (tests/server/listIndexes.test.ts).
-- Hand-written (drizzle's schema does not describe the operator classes of GIN).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fabrics_search_text_trgm" ON "fabrics" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fabrics_fabric_code_trgm" ON "fabrics" USING gin ("fabric_code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "goods_search_text_trgm" ON "goods" USING gin ("search_text" gin_trgm_ops);
