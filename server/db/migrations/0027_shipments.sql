CREATE SEQUENCE "public"."shipment_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "shipment_orders" (
	"shipment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"code" text NOT NULL,
	"status_id" integer DEFAULT 10371 NOT NULL,
	"ship_date" date NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"address_id" integer NOT NULL,
	"address" jsonb NOT NULL,
	"waybill_no" text DEFAULT '' NOT NULL,
	"left_at" timestamp with time zone,
	"track_step" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_remark_length" CHECK (char_length("shipments"."remark") <= 200)
);
--> statement-breakpoint
ALTER TABLE "shipment_orders" ADD CONSTRAINT "shipment_orders_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_orders" ADD CONSTRAINT "shipment_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_orders_order_key" ON "shipment_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipment_orders_shipment_idx" ON "shipment_orders" USING btree ("shipment_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_code_key" ON "shipments" USING btree ("code");--> statement-breakpoint
CREATE INDEX "shipments_member_created_idx" ON "shipments" USING btree ("member_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shipments_member_status_created_idx" ON "shipments" USING btree ("member_id","status_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status_id");