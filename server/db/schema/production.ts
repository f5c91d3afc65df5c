import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { members } from "./members.ts";
import { orders } from "./orders.ts";

/** What happens to an order after it is paid (issue 12): labels, its timeline, consumption queries. */

/**
 * An account's labels (LABEL-001): a text and one of the label colours, type "cart". Deleting a label
 * takes it off every order that carries it (LABEL-009), through the cascade of `order_labels`.
 */
export const labels = pgTable(
  "labels",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    content: text("content").notNull(),
    color: text("color").notNull(),
    type: text("type").notNull().default("cart"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("labels_member_idx").on(t.memberId, t.type),
    check("labels_color_hex", sql`${t.color} ~ '^#[0-9A-Fa-f]{6}$'`),
  ],
);

/** The labels an order carries (LABEL-002: the API speaks of them as a comma-separated id list). */
export const orderLabels = pgTable(
  "order_labels",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    labelId: integer("label_id")
      .notNull()
      .references(() => labels.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.labelId] }), index("order_labels_label_idx").on(t.labelId)],
);

/** Who moved an order: a member (the account or a sub-account), the production simulator, or the system. */
export type OrderEventActor = "member" | "production" | "system";

/**
 * An order's timeline (issue 12, beyond the documents): every status it passed through, when, and who
 * moved it. Rows are only ever added.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Null for the order's first event (it was saved). */
    fromStatus: integer("from_status"),
    toStatus: integer("to_status").notNull(),
    actor: text("actor").$type<OrderEventActor>().notNull(),
    /** The member who acted, when `actor` is "member". */
    actorMemberId: integer("actor_member_id").references(() => members.id),
    note: text("note").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.at),
    check("order_events_actor_name", sql`${t.actor} in ('member', 'production', 'system')`),
  ],
);

/**
 * Fabric-consumption queries of an order (PROD-023, PROD-024, PROD-041..043): what was asked, and the
 * answer. Status 0 failed (with `error`), 1 in progress, 2 success (with `result`).
 */
export const consumptionQueries = pgTable(
  "consumption_queries",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    status: smallint("status").notNull(),
    params: jsonb("params").$type<Record<string, string | number>>().notNull(),
    result: jsonb("result").$type<Record<string, string | number>>(),
    error: text("error").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("consumption_queries_order_idx").on(t.orderId, t.createdAt.desc()),
    check("consumption_queries_status", sql`${t.status} in (0, 1, 2)`),
  ],
);
