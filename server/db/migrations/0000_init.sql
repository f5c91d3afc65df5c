CREATE TABLE "access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_path" text NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"ecode" text NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"image_path" text NOT NULL,
	"simple_order" boolean NOT NULL,
	"professional_order" boolean NOT NULL,
	"only_coat" boolean DEFAULT false NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_prices" (
	"category_id" integer NOT NULL,
	"order_type" integer NOT NULL,
	"make_price_cents" integer NOT NULL,
	"fabric_centimeters" integer NOT NULL,
	CONSTRAINT "category_prices_category_id_order_type_pk" PRIMARY KEY("category_id","order_type")
);
--> statement-breakpoint
CREATE TABLE "dict_system" (
	"id" integer PRIMARY KEY NOT NULL,
	"category" integer NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"pos" integer NOT NULL,
	"is_stop" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fabrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"fabric_code" text NOT NULL,
	"price_per_meter_cents" integer NOT NULL,
	"stock_centimeters" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linings" (
	"category_id" integer NOT NULL,
	"order_type" integer NOT NULL,
	"code" text NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"pos" integer NOT NULL,
	CONSTRAINT "linings_category_id_order_type_code_pk" PRIMARY KEY("category_id","order_type","code")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_authorities" (
	"member_id" integer NOT NULL,
	"authority_type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"pos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_authorities_member_id_authority_type_code_pk" PRIMARY KEY("member_id","authority_type","code")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"parent_id" integer,
	"display_name" text NOT NULL,
	"money_type" text DEFAULT 'USD' NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"price_factor_pct" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_balance_not_negative" CHECK ("members"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"order_code" text NOT NULL,
	"order_type" integer NOT NULL,
	"category_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "token_families" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_family_id_token_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."token_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_prices" ADD CONSTRAINT "category_prices_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linings" ADD CONSTRAINT "linings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_authorities" ADD CONSTRAINT "member_authorities_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_token_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."token_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_families" ADD CONSTRAINT "token_families_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_family_idx" ON "access_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "dict_system_category_idx" ON "dict_system" USING btree ("category","pos");--> statement-breakpoint
CREATE UNIQUE INDEX "fabrics_code_key" ON "fabrics" USING btree ("fabric_code");--> statement-breakpoint
CREATE INDEX "ledger_entries_member_idx" ON "ledger_entries" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_username_key" ON "members" USING btree ("username");--> statement-breakpoint
CREATE INDEX "orders_member_status_idx" ON "orders" USING btree ("member_id","status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_code_key" ON "orders" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");