import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { members } from "./members.ts";

/**
 * Issue 25: the message centre (MSG-001..017) and the contact form's outbox (CONTACT-001..009).
 * `server/modules/messages/README.md` tells how messages are written.
 */

/**
 * One message to one account (main or sub-account). The server writes it in the transaction of its cause; the
 * title and content are made at read time, in the reader's language, from `kind` and `params` (an announcement
 * carries both languages in its params). `event_key` names the event it tells of (e.g. `order_event:42`,
 * `transfer:7:3`): unique, so an event retried writes its message once. A deleted message keeps its row
 * (`deleted_at`), so an event replayed after the deletion does not bring it back.
 */
export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    /** What happened: order.paid, order.failed, order.cancelled, order.production, order.shipped, balance, announcement. */
    kind: text("kind").notNull(),
    params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
    /** MSG-003: 0 normal, 1 urgent. */
    urgencyType: smallint("urgency_type").notNull().default(0),
    /** MSG-007: 0 unread, 1 read. */
    isRead: smallint("is_read").notNull().default(0),
    /** What it is about: an order (link_ref its id) or the billing ledger. */
    linkType: text("link_type").notNull().default(""),
    linkRef: text("link_ref").notNull().default(""),
    eventKey: text("event_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("messages_event_key").on(t.eventKey),
    // The list (all, or one urgency), newest first, and the unread count: the account's live messages.
    index("messages_member_list")
      .on(t.memberId, t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index("messages_member_urgency_list")
      .on(t.memberId, t.urgencyType, t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index("messages_member_unread")
      .on(t.memberId)
      .where(sql`${t.deletedAt} is null and ${t.isRead} = 0`),
    check("messages_urgency", sql`${t.urgencyType} in (0, 1)`),
    check("messages_read", sql`${t.isRead} in (0, 1)`),
  ],
);

/**
 * CONTACT-008: every message of the contact form, kept until it was sent (and after, as a record). The outbox
 * loop (`server/modules/messages/outbox.ts`) claims due rows with FOR UPDATE SKIP LOCKED, pushes
 * `next_attempt_at` ahead by its backoff before it sends (a lease: a process that dies mid-send leaves the row
 * to be tried again), and sets `sent_at` when the mail server took it.
 */
export const contactOutbox = pgTable(
  "contact_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    content: text("content").notNull(),
    /** The address it was sent from (the rate limit's key). */
    address: text("address").notNull().default(""),
    /** The signed-in account that sent it (main or sub-account); null for a visitor. */
    memberId: integer("member_id").references(() => members.id),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error").notNull().default(""),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_outbox_due")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
