CREATE TABLE "goods" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"sub_category_id" integer NOT NULL,
	"sku" text NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"kind" text NOT NULL,
	"color_hex" text NOT NULL,
	"colors" text NOT NULL,
	"specs" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"image_count" integer NOT NULL,
	"property_en" text NOT NULL,
	"property_zh" text NOT NULL,
	"detail_en" text NOT NULL,
	"detail_zh" text NOT NULL,
	"search_text" text NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "goods_sku_unique" UNIQUE("sku"),
	CONSTRAINT "goods_price_not_negative" CHECK ("goods"."price_cents" >= 0),
	CONSTRAINT "goods_image_count" CHECK ("goods"."image_count" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "goods_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_stock" (
	"good_id" integer NOT NULL,
	"color" text NOT NULL,
	"spec" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "goods_stock_good_id_color_spec_pk" PRIMARY KEY("good_id","color","spec"),
	CONSTRAINT "goods_stock_not_negative" CHECK ("goods_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_goods" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"good_id" integer NOT NULL,
	"color" text NOT NULL,
	"spec" text NOT NULL,
	"taken_quantity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_goods_taken_not_negative" CHECK ("order_goods"."taken_quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_category_id_goods_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."goods_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_sub_category_id_goods_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."goods_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_categories" ADD CONSTRAINT "goods_categories_parent_id_goods_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."goods_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_stock" ADD CONSTRAINT "goods_stock_good_id_goods_id_fk" FOREIGN KEY ("good_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_goods" ADD CONSTRAINT "order_goods_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_goods" ADD CONSTRAINT "order_goods_good_id_goods_id_fk" FOREIGN KEY ("good_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_category_idx" ON "goods" USING btree ("category_id","sub_category_id","pos");--> statement-breakpoint
CREATE INDEX "goods_pos_idx" ON "goods" USING btree ("pos");--> statement-breakpoint
CREATE INDEX "goods_categories_parent_idx" ON "goods_categories" USING btree ("parent_id","pos");--> statement-breakpoint
CREATE INDEX "order_goods_good_idx" ON "order_goods" USING btree ("good_id");