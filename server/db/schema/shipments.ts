import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { members } from "./members.ts";
import { orders } from "./orders.ts";

/** Shipments (issue 23, SHIP-001..031): parcels of an account's paid orders. */

/** The running number of shipment codes (SH + date + sequence). */
export const shipmentCodeSequence = pgSequence("shipment_code_seq", { startWith: 1, increment: 1 });

/**
 * The delivery address as the shipment keeps it: a COPY of the address taken when the shipment was
 * created or its address changed, so editing or deleting the address book's entry never changes a
 * parcel (SHIP-008 names these fields).
 */
export interface ShipmentAddress {
  contact: string;
  phone: string;
  addressInfo: string;
  expressName: string;
  expressTypeName: string;
  expressUrl: string;
  payTypeName: string;
  countryName: string;
  provinceName: string;
  city: string;
  address: string;
  zip: string;
  isDefault: number;
  /**
   * The dictionary names (and the one-line address made of them) in each language, copied with the rest:
   * a shipment made in English reads in Chinese too, tracking text included. The flat names above are the
   * creating user's language; copies made before this field have only those.
   */
  names?: Partial<Record<"en" | "zh", ShipmentAddressNames>>;
}

/** The parts of a shipment's address copy that depend on the language. */
export type ShipmentAddressNames = Pick<
  ShipmentAddress,
  "addressInfo" | "expressName" | "expressTypeName" | "payTypeName" | "countryName" | "provinceName"
>;

/**
 * A shipment of an account. Status (domain/shipments.ts): 10371 waiting, 10372 packed, 10033 shipped,
 * 10034 delivered. `addressId` is the address book's entry it was taken from (no foreign key: the entry
 * may be deleted, the copy stays). `leftAt` is when the parcel left (the simulator's clock), from
 * which the carrier's tracking events follow.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    code: text("code").notNull(),
    statusId: integer("status_id").notNull().default(10371),
    shipDate: date("ship_date", { mode: "string" }).notNull(),
    remark: text("remark").notNull().default(""),
    addressId: integer("address_id").notNull(),
    address: jsonb("address").$type<ShipmentAddress>().notNull(),
    waybillNo: text("waybill_no").notNull().default(""),
    leftAt: timestamp("left_at", { withTimezone: true }),
    /** How many of the carrier's tracking events after the pick-up have happened (the simulator, 0..4). */
    trackStep: smallint("track_step").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipments_code_key").on(t.code),
    // the list: an account's shipments newest first, optionally of one status
    index("shipments_member_created_idx").on(t.memberId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("shipments_member_status_created_idx").on(t.memberId, t.statusId, t.createdAt.desc().nullsFirst()),
    // the simulator: shipments not yet delivered
    index("shipments_status_idx").on(t.statusId),
    check("shipments_remark_length", sql`char_length(${t.remark}) <= 200`),
  ],
);

/**
 * The orders of a shipment. An order is in at most one shipment: the unique key on `order_id` holds it
 * under concurrent creations (the second insert fails, its transaction rolls back). Deleting a
 * shipment frees its orders through the cascade, once.
 */
export const shipmentOrders = pgTable(
  "shipment_orders",
  {
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("shipment_orders_order_key").on(t.orderId),
    index("shipment_orders_shipment_idx").on(t.shipmentId, t.position),
  ],
);
