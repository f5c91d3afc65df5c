CREATE TABLE "customer_measure_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"order_id" integer,
	"height" numeric(8, 2) NOT NULL,
	"height_unit" integer NOT NULL,
	"weight" numeric(8, 2) NOT NULL,
	"weight_unit" integer NOT NULL,
	"sizes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_measure_history" ADD CONSTRAINT "customer_measure_history_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_measure_history" ADD CONSTRAINT "customer_measure_history_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_measure_history_customer_idx" ON "customer_measure_history" USING btree ("customer_id","id");