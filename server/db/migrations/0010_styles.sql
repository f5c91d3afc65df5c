CREATE TABLE "style_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "style_crafts" (
	"id" integer PRIMARY KEY NOT NULL,
	"piece_id" integer NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"type" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"choose_content" text NOT NULL,
	"default_value" text DEFAULT '' NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "style_crafts_type" CHECK ("style_crafts"."type" in (1, 2)),
	CONSTRAINT "style_crafts_price" CHECK ("style_crafts"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "style_fabrics" (
	"style_id" integer NOT NULL,
	"fabric_code" text NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "style_fabrics_style_id_fabric_code_pk" PRIMARY KEY("style_id","fabric_code")
);
--> statement-breakpoint
CREATE TABLE "style_pieces" (
	"id" integer PRIMARY KEY NOT NULL,
	"style_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"style_code" text NOT NULL,
	"make_price_cents" integer NOT NULL,
	"fabric_centimeters" integer NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "style_pieces_prices" CHECK ("style_pieces"."make_price_cents" >= 0 and "style_pieces"."fabric_centimeters" >= 0)
);
--> statement-breakpoint
CREATE TABLE "styles" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"sub_category_id" integer,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"delivery_days" integer NOT NULL,
	"property_en" text NOT NULL,
	"property_zh" text NOT NULL,
	"color_hex" text NOT NULL,
	"image_count" integer NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "styles_delivery_days" CHECK ("styles"."delivery_days" > 0),
	CONSTRAINT "styles_image_count" CHECK ("styles"."image_count" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "style_categories" ADD CONSTRAINT "style_categories_parent_id_style_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."style_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_crafts" ADD CONSTRAINT "style_crafts_piece_id_style_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."style_pieces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_fabrics" ADD CONSTRAINT "style_fabrics_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_fabrics" ADD CONSTRAINT "style_fabrics_fabric_code_fabrics_fabric_code_fk" FOREIGN KEY ("fabric_code") REFERENCES "public"."fabrics"("fabric_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_pieces" ADD CONSTRAINT "style_pieces_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_pieces" ADD CONSTRAINT "style_pieces_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "styles" ADD CONSTRAINT "styles_category_id_style_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."style_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "styles" ADD CONSTRAINT "styles_sub_category_id_style_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."style_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "style_categories_parent_idx" ON "style_categories" USING btree ("parent_id","pos");--> statement-breakpoint
CREATE INDEX "style_crafts_piece_idx" ON "style_crafts" USING btree ("piece_id","pos");--> statement-breakpoint
CREATE UNIQUE INDEX "style_pieces_style_pos_key" ON "style_pieces" USING btree ("style_id","pos");--> statement-breakpoint
CREATE INDEX "style_pieces_category_idx" ON "style_pieces" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "styles_category_idx" ON "styles" USING btree ("category_id","sub_category_id");