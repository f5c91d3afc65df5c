DROP INDEX "customers_member_idx";--> statement-breakpoint
CREATE INDEX "customers_member_idx" ON "customers" USING btree ("member_id","cust_name","id");