import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members.ts";

/** Uploaded pictures. */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Uploaded pictures (png, jpeg ≤ 2048 KB), kept in the database so every instance can serve them. */
export const attachments = pgTable(
  "attachments",
  {
    id: text("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("attachments_member_idx").on(t.memberId),
    check("attachments_content_type", sql`${t.contentType} in ('image/png', 'image/jpeg')`),
  ],
);
