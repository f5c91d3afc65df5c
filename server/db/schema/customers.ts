import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { attachments } from "./attachments.ts";
import { categories, dictSystem } from "./catalogue.ts";
import { length } from "./columns.ts";
import { measureParts, bodySpecs, bodySpecDetails } from "./measurements.ts";
import { members } from "./members.ts";

/** The customer book with stored measurements and posture choices. */

/** The customer book: each customer belongs to the account that keeps it and is seen by no other. */
export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    custName: text("cust_name").notNull(),
    shortName: text("short_name").notNull(),
    genderId: integer("gender_id").notNull(),
    height: length("height").notNull(),
    heightUnit: integer("height_unit").notNull(),
    weight: length("weight").notNull(),
    weightUnit: integer("weight_unit").notNull(),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    address: text("address").notNull().default(""),
    birthdate: date("birthdate", { mode: "string" }),
    remark: text("remark").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Issue 24: the id too, so a page of the list (name order, id for ties) is cut from the index alone.
  // The keyword search has its trigram index (migration customer_search_trgm, hand-written).
  (t) => [index("customers_member_idx").on(t.memberId, t.custName, t.id)],
);

/** A customer's stored measurements per garment category (customerSizeList / cySizeList). */
export const customerSizes = pgTable(
  "customer_sizes",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    partId: integer("part_id")
      .notNull()
      .references(() => measureParts.id),
    partSize: length("part_size").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.partId] }),
    index("customer_sizes_category_idx").on(t.customerId, t.categoryId),
  ],
);

/** A customer's posture choices (customerSpecialList): one detail per spec. */
export const customerSpecials = pgTable(
  "customer_specials",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    specId: integer("spec_id")
      .notNull()
      .references(() => bodySpecs.id),
    detailId: integer("detail_id")
      .notNull()
      .references(() => bodySpecDetails.id),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.specId] })],
);

/** A customer's dress styles (dictionary category 89, CUST-045): any number of them. */
export const customerStyles = pgTable(
  "customer_styles",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    styleId: integer("style_id")
      .notNull()
      .references(() => dictSystem.id),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.styleId] })],
);

/** A customer's appointments (type 1, with a date and time) and notes (type 2): CUST-020, CUST-021. */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    type: integer("type").notNull(),
    content: text("content").notNull(),
    appointmentDate: timestamp("appointment_date", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_notes_list_idx").on(t.customerId, t.type, t.id),
    index("customer_notes_member_date_idx").on(t.memberId, t.type, t.appointmentDate),
    check("customer_notes_type", sql`${t.type} in (1, 2)`),
  ],
);

/**
 * Which host an uploaded picture belongs to (CUST-022, CUST-042): hostName "customer" and type 1 is a
 * customer's profile picture. A customer's picture is its newest link, so saving the new link before
 * deleting the old one never leaves the customer without a picture (CUST-023).
 */
export const attachmentLinks = pgTable(
  "attachment_links",
  {
    attachmentId: text("attachment_id")
      .primaryKey()
      .references(() => attachments.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    hostId: integer("host_id").notNull(),
    hostName: text("host_name").notNull(),
    type: integer("type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("attachment_links_host_idx").on(t.hostName, t.hostId, t.type, t.createdAt)],
);

/** One measurement of a kept set: a part (its category and method are the part's) and its size in cm. */
export interface MeasureSnapshotSize {
  partId: number;
  partSize: number;
}

/**
 * A customer's measurement history (issue 24, designed): every saved set of height, weight, body (10052)
 * and finished (10053) measurements, with its date and the order it came from (a save-back after an
 * order); a save that changes none of them adds no version.
 */
export const customerMeasureHistory = pgTable(
  "customer_measure_history",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    /** The order whose measurements were saved back, or null for an edit in the book. */
    orderId: integer("order_id"),
    height: length("height").notNull(),
    heightUnit: integer("height_unit").notNull(),
    weight: length("weight").notNull(),
    weightUnit: integer("weight_unit").notNull(),
    /** Every stored size of the customer at that moment, in cm, by part id. */
    sizes: jsonb("sizes").$type<MeasureSnapshotSize[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_measure_history_customer_idx").on(t.customerId, t.id)],
);
