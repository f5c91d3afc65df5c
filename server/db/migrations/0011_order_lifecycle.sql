CREATE TABLE "recommended_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_type" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" text,
	"zh_name" text,
	"sort" integer
);
--> statement-breakpoint
DROP INDEX "orders_member_status_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checked" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "plan_delivery_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "waybill_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "recommended_products" ADD CONSTRAINT "recommended_products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_member_status_created_idx" ON "orders" USING btree ("member_id","status_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checked_flag" CHECK ("orders"."checked" in (0, 1));--> statement-breakpoint
-- The orders that exist keep their last change as the production clock's start.
UPDATE "orders" SET "status_changed_at" = coalesce("submitted_at", "updated_at");
