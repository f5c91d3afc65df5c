import { date, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { categories } from "./catalogue.ts";
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
  (t) => [index("customers_member_idx").on(t.memberId, t.custName)],
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
