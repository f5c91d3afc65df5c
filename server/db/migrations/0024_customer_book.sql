CREATE TABLE "attachment_links" (
	"attachment_id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"host_name" text NOT NULL,
	"type" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"type" integer NOT NULL,
	"content" text NOT NULL,
	"appointment_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_notes_type" CHECK ("customer_notes"."type" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "customer_styles" (
	"customer_id" integer NOT NULL,
	"style_id" integer NOT NULL,
	CONSTRAINT "customer_styles_customer_id_style_id_pk" PRIMARY KEY("customer_id","style_id")
);
--> statement-breakpoint
ALTER TABLE "attachment_links" ADD CONSTRAINT "attachment_links_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_links" ADD CONSTRAINT "attachment_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_styles" ADD CONSTRAINT "customer_styles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_styles" ADD CONSTRAINT "customer_styles_style_id_dict_system_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."dict_system"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_links_host_idx" ON "attachment_links" USING btree ("host_name","host_id","type","created_at");--> statement-breakpoint
CREATE INDEX "customer_notes_list_idx" ON "customer_notes" USING btree ("customer_id","type","id");--> statement-breakpoint
CREATE INDEX "customer_notes_member_date_idx" ON "customer_notes" USING btree ("member_id","type","appointment_date");