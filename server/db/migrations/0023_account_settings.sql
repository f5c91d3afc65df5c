CREATE TABLE "member_settings" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"no_limit" boolean DEFAULT false NOT NULL,
	"head_attachment_id" text,
	"monthly_limit_cents" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_settings_monthly_limit" CHECK ("member_settings"."monthly_limit_cents" is null or "member_settings"."monthly_limit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "top_up_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "top_up_requests_amount_positive" CHECK ("top_up_requests"."amount_cents" > 0),
	CONSTRAINT "top_up_requests_status_name" CHECK ("top_up_requests"."status" in ('pending', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_up_requests" ADD CONSTRAINT "top_up_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "top_up_requests_member_idx" ON "top_up_requests" USING btree ("member_id");