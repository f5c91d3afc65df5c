CREATE TABLE "contact_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"content" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"urgency_type" smallint DEFAULT 0 NOT NULL,
	"is_read" smallint DEFAULT 0 NOT NULL,
	"link_type" text DEFAULT '' NOT NULL,
	"link_ref" text DEFAULT '' NOT NULL,
	"event_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "messages_urgency" CHECK ("messages"."urgency_type" in (0, 1)),
	CONSTRAINT "messages_read" CHECK ("messages"."is_read" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_outbox_due" ON "contact_outbox" USING btree ("next_attempt_at") WHERE "contact_outbox"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_event_key" ON "messages" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "messages_member_list" ON "messages" USING btree ("member_id","id" DESC NULLS LAST) WHERE "messages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "messages_member_urgency_list" ON "messages" USING btree ("member_id","urgency_type","id" DESC NULLS LAST) WHERE "messages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "messages_member_unread" ON "messages" USING btree ("member_id") WHERE "messages"."deleted_at" is null and "messages"."is_read" = 0;