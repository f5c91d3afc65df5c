CREATE TABLE "add_products" (
	"category_id" integer NOT NULL,
	"add_category_id" integer NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "add_products_category_id_add_category_id_pk" PRIMARY KEY("category_id","add_category_id")
);
--> statement-breakpoint
CREATE TABLE "body_spec_details" (
	"id" integer PRIMARY KEY NOT NULL,
	"spec_id" integer NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"figure" text NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "body_specs" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_emb_options" (
	"category_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	CONSTRAINT "category_emb_options_category_id_option_id_pk" PRIMARY KEY("category_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "category_fabric_kinds" (
	"category_id" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "category_fabric_kinds_category_id_kind_pk" PRIMARY KEY("category_id","kind")
);
--> statement-breakpoint
CREATE TABLE "contrast_fabrics" (
	"id" integer PRIMARY KEY NOT NULL,
	"fabric_group" text NOT NULL,
	"code" text NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"source_type" text NOT NULL,
	"image_path" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "contrast_fabrics_source_type" CHECK ("contrast_fabrics"."source_type" in ('IMAGE','TEXT'))
);
--> statement-breakpoint
CREATE TABLE "contrast_positions" (
	"category_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"id" integer NOT NULL,
	"code" text NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "contrast_positions_category_id_id_pk" PRIMARY KEY("category_id","id")
);
--> statement-breakpoint
CREATE TABLE "contrast_sites" (
	"category_id" integer NOT NULL,
	"id" integer NOT NULL,
	"code" text NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"fabric_group" text NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "contrast_sites_category_id_id_pk" PRIMARY KEY("category_id","id")
);
--> statement-breakpoint
CREATE TABLE "crafts" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"parent_id" integer,
	"code" text NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"source_type" text NOT NULL,
	"choose_type" text NOT NULL,
	"kind" integer DEFAULT 1 NOT NULL,
	"image_path" text DEFAULT '' NOT NULL,
	"extension" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"remark_zh" text DEFAULT '' NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "crafts_source_type" CHECK ("crafts"."source_type" in ('TEXT','LABEL','IMAGE','FONT','STYLE','FILE')),
	CONSTRAINT "crafts_choose_type" CHECK ("crafts"."choose_type" in ('RADIO','CHECKBOX','COPY')),
	CONSTRAINT "crafts_kind" CHECK ("crafts"."kind" between 1 and 4),
	CONSTRAINT "crafts_is_default" CHECK ("crafts"."is_default" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "customer_sizes" (
	"customer_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"part_size" numeric(8, 2) NOT NULL,
	CONSTRAINT "customer_sizes_customer_id_part_id_pk" PRIMARY KEY("customer_id","part_id")
);
--> statement-breakpoint
CREATE TABLE "customer_specials" (
	"customer_id" integer NOT NULL,
	"spec_id" integer NOT NULL,
	"detail_id" integer NOT NULL,
	CONSTRAINT "customer_specials_customer_id_spec_id_pk" PRIMARY KEY("customer_id","spec_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"cust_name" text NOT NULL,
	"short_name" text NOT NULL,
	"gender_id" integer NOT NULL,
	"height" numeric(8, 2) NOT NULL,
	"height_unit" integer NOT NULL,
	"weight" numeric(8, 2) NOT NULL,
	"weight_unit" integer NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"birthdate" date,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emb_options" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"code" text NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "emb_options_type" CHECK ("emb_options"."type" in ('emb_site','emb_color','emb_font','emb_size'))
);
--> statement-breakpoint
CREATE TABLE "measure_eases" (
	"part_id" integer NOT NULL,
	"fit_id" integer NOT NULL,
	"ease" numeric(8, 2) NOT NULL,
	CONSTRAINT "measure_eases_part_id_fit_id_pk" PRIMARY KEY("part_id","fit_id")
);
--> statement-breakpoint
CREATE TABLE "measure_parts" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"measure_type" integer NOT NULL,
	"code" text NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"min_value" numeric(8, 2) NOT NULL,
	"max_value" numeric(8, 2) NOT NULL,
	"default_value" numeric(8, 2) NOT NULL,
	"is_must" integer DEFAULT 1 NOT NULL,
	"ref_part_id" integer,
	"pos" integer NOT NULL,
	CONSTRAINT "measure_parts_type" CHECK ("measure_parts"."measure_type" in (10052, 10053)),
	CONSTRAINT "measure_parts_range" CHECK ("measure_parts"."min_value" <= "measure_parts"."default_value" and "measure_parts"."default_value" <= "measure_parts"."max_value")
);
--> statement-breakpoint
CREATE TABLE "process_bindings" (
	"category_id" integer NOT NULL,
	"craft_id" integer NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "process_bindings_category_id_craft_id_pk" PRIMARY KEY("category_id","craft_id")
);
--> statement-breakpoint
CREATE TABLE "standard_sizes" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"size_area_id" integer NOT NULL,
	"shape_id" integer NOT NULL,
	"name" text NOT NULL,
	"property" text NOT NULL,
	"property_zh" text NOT NULL,
	"details" jsonb NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "kind" text DEFAULT 'suiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "pattern" text DEFAULT 'plain' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "color_hex" text DEFAULT '#6b7280' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "line_hex" text DEFAULT '#9ca3af' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "color_type_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "color_type_name_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "flower_pattern_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "flower_pattern_name_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "flower_remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "flower_remark_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "soledad" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "soledad_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "fabric_pro_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "fabric_pro_name_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "remark_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fabrics" ADD COLUMN "image_path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "add_products" ADD CONSTRAINT "add_products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_products" ADD CONSTRAINT "add_products_add_category_id_categories_id_fk" FOREIGN KEY ("add_category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "body_spec_details" ADD CONSTRAINT "body_spec_details_spec_id_body_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."body_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "body_specs" ADD CONSTRAINT "body_specs_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_emb_options" ADD CONSTRAINT "category_emb_options_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_emb_options" ADD CONSTRAINT "category_emb_options_option_id_emb_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."emb_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_fabric_kinds" ADD CONSTRAINT "category_fabric_kinds_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrast_positions" ADD CONSTRAINT "contrast_positions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrast_sites" ADD CONSTRAINT "contrast_sites_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crafts" ADD CONSTRAINT "crafts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crafts" ADD CONSTRAINT "crafts_parent_id_crafts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."crafts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sizes" ADD CONSTRAINT "customer_sizes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sizes" ADD CONSTRAINT "customer_sizes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sizes" ADD CONSTRAINT "customer_sizes_part_id_measure_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."measure_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_specials" ADD CONSTRAINT "customer_specials_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_specials" ADD CONSTRAINT "customer_specials_spec_id_body_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."body_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_specials" ADD CONSTRAINT "customer_specials_detail_id_body_spec_details_id_fk" FOREIGN KEY ("detail_id") REFERENCES "public"."body_spec_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_eases" ADD CONSTRAINT "measure_eases_part_id_measure_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."measure_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_parts" ADD CONSTRAINT "measure_parts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_bindings" ADD CONSTRAINT "process_bindings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_bindings" ADD CONSTRAINT "process_bindings_craft_id_crafts_id_fk" FOREIGN KEY ("craft_id") REFERENCES "public"."crafts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_sizes" ADD CONSTRAINT "standard_sizes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "body_spec_details_spec_idx" ON "body_spec_details" USING btree ("spec_id","pos");--> statement-breakpoint
CREATE INDEX "body_specs_category_idx" ON "body_specs" USING btree ("category_id","pos");--> statement-breakpoint
CREATE INDEX "contrast_positions_site_idx" ON "contrast_positions" USING btree ("category_id","site_id");--> statement-breakpoint
CREATE INDEX "crafts_category_idx" ON "crafts" USING btree ("category_id","pos");--> statement-breakpoint
CREATE INDEX "customer_sizes_category_idx" ON "customer_sizes" USING btree ("customer_id","category_id");--> statement-breakpoint
CREATE INDEX "customers_member_idx" ON "customers" USING btree ("member_id","cust_name");--> statement-breakpoint
CREATE INDEX "measure_parts_category_idx" ON "measure_parts" USING btree ("category_id","measure_type","pos");--> statement-breakpoint
CREATE INDEX "standard_sizes_lookup_idx" ON "standard_sizes" USING btree ("category_id","size_area_id","shape_id","pos");--> statement-breakpoint
CREATE INDEX "fabrics_kind_idx" ON "fabrics" USING btree ("kind","fabric_code");