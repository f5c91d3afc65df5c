CREATE TABLE "consumption_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"params" jsonb NOT NULL,
	"result" jsonb,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumption_queries_status" CHECK ("consumption_queries"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"content" text NOT NULL,
	"color" text NOT NULL,
	"type" text DEFAULT 'cart' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_color_hex" CHECK ("labels"."color" ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"actor" text NOT NULL,
	"actor_member_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_actor_name" CHECK ("order_events"."actor" in ('member', 'production', 'system'))
);
--> statement-breakpoint
CREATE TABLE "order_labels" (
	"order_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "order_labels_order_id_label_id_pk" PRIMARY KEY("order_id","label_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pre_committed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "remake_of_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "remake_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_customer" jsonb;--> statement-breakpoint
ALTER TABLE "consumption_queries" ADD CONSTRAINT "consumption_queries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption_queries" ADD CONSTRAINT "consumption_queries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_member_id_members_id_fk" FOREIGN KEY ("actor_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_labels" ADD CONSTRAINT "order_labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_labels" ADD CONSTRAINT "order_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consumption_queries_order_idx" ON "consumption_queries" USING btree ("order_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "labels_member_idx" ON "labels" USING btree ("member_id","type");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_labels_label_idx" ON "order_labels" USING btree ("label_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_remake_of_id_orders_id_fk" FOREIGN KEY ("remake_of_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_remake_of_idx" ON "orders" USING btree ("remake_of_id");--> statement-breakpoint
-- The orders that exist start their timeline with the status they are in.
INSERT INTO "order_events" ("order_id", "from_status", "to_status", "actor", "at")
SELECT "id", NULL, "status_id", 'system', "status_changed_at" FROM "orders";
