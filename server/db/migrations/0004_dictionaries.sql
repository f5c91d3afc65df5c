CREATE TABLE "dict_basic" (
	"id" integer PRIMARY KEY NOT NULL,
	"category" integer NOT NULL,
	"parent_id" integer,
	"code" text NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "style_basic_excluded_crafts" (
	"style_basic_id" integer NOT NULL,
	"craft_id" integer NOT NULL,
	CONSTRAINT "style_basic_excluded_crafts_style_basic_id_craft_id_pk" PRIMARY KEY("style_basic_id","craft_id")
);
--> statement-breakpoint
CREATE TABLE "style_basics" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"code" text NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "style_basics_is_default" CHECK ("style_basics"."is_default" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "dict_basic" ADD CONSTRAINT "dict_basic_parent_id_dict_basic_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dict_basic"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_basic_excluded_crafts" ADD CONSTRAINT "style_basic_excluded_crafts_style_basic_id_style_basics_id_fk" FOREIGN KEY ("style_basic_id") REFERENCES "public"."style_basics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_basic_excluded_crafts" ADD CONSTRAINT "style_basic_excluded_crafts_craft_id_crafts_id_fk" FOREIGN KEY ("craft_id") REFERENCES "public"."crafts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_basics" ADD CONSTRAINT "style_basics_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dict_basic_category_idx" ON "dict_basic" USING btree ("category","parent_id","pos");--> statement-breakpoint
CREATE INDEX "style_basics_category_idx" ON "style_basics" USING btree ("category_id","pos");--> statement-breakpoint
CREATE UNIQUE INDEX "style_basics_code_key" ON "style_basics" USING btree ("category_id","code");