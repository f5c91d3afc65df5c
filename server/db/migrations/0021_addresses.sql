CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"express" integer NOT NULL,
	"express_type" integer NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"contact" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"country_code" text NOT NULL,
	"province_code" text DEFAULT '' NOT NULL,
	"province_name" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"zipcode" text NOT NULL,
	"pay_type" integer NOT NULL,
	"pay_account" text DEFAULT '' NOT NULL,
	"pay_zipcode" text DEFAULT '' NOT NULL,
	"tax_type" integer NOT NULL,
	"tax_account" text DEFAULT '' NOT NULL,
	"tax_zipcode" text DEFAULT '' NOT NULL,
	"is_origianl" smallint DEFAULT 0 NOT NULL,
	"insurance_service" smallint DEFAULT 0 NOT NULL,
	"dtp_service" smallint DEFAULT 0 NOT NULL,
	"email_message" smallint DEFAULT 0 NOT NULL,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_is_default_01" CHECK ("addresses"."is_default" in (0, 1)),
	CONSTRAINT "addresses_flags_01" CHECK ("addresses"."is_origianl" in (0, 1) and "addresses"."insurance_service" in (0, 1) and "addresses"."dtp_service" in (0, 1) and "addresses"."email_message" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "express_companies" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"en_name" text NOT NULL,
	"zh_name" text NOT NULL,
	"express_url" text NOT NULL,
	"country_codes" text[] NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_member_idx" ON "addresses" USING btree ("member_id","is_default","id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_key" ON "addresses" USING btree ("member_id") WHERE "addresses"."is_default" = 1;