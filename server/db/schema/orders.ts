import { sql } from "drizzle-orm";
import {
  bigint,
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
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { categories } from "./catalogue.ts";
import { customers } from "./customers.ts";
import type { components } from "../../../openapi/portal.d.ts";
import { FIT } from "../../../domain/ids.ts";
import { members } from "./members.ts";

/** Orders, their code sequence, and the JSON they store (the normalised draft, the priced pieces). */

/** The running number of order codes (MTM + date + sequence). */
export const orderCodeSequence = pgSequence("order_code_seq", { startWith: 1, increment: 1 });

/**
 * Orders of an account (a sub-account's orders are its own). Status ids (dictionary 9): 10368 saved to
 * the cart, 10371 pending review, 10030 submitted, ... Money is integer cents: `unitPriceCents` is one
 * piece set for the account (price factor applied), `priceCents` that times `amount`. `draft` keeps the
 * draft as the browser sent it (with the contract's defaults), so an edit gets every field back;
 * `details` is the server's checked, priced breakdown per garment piece. Orders seeded before the
 * order entry existed have no draft (null) and zero prices.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    orderCode: text("order_code").notNull(),
    orderType: integer("order_type").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    statusId: integer("status_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    customerId: integer("customer_id").references(() => customers.id),
    custName: text("cust_name").notNull().default(""),
    cusOrderCode: text("cus_order_code").notNull().default(""),
    fabricCode: text("fabric_code").notNull().default(""),
    fabricType: text("fabric_type").notNull().default("sys"),
    amount: integer("amount").notNull().default(1),
    addProduct: integer("add_product").notNull().default(0),
    sizeCategoryId: integer("size_category_id").notNull().default(10052),
    moneyType: text("money_type").notNull().default("USD"),
    unitPriceCents: bigint("unit_price_cents", { mode: "number" }).notNull().default(0),
    priceCents: bigint("price_cents", { mode: "number" }).notNull().default(0),
    draft: jsonb("draft").$type<Draft>(),
    details: jsonb("details").$type<OrderPieceDetail[]>().notNull().default([]),
    /** Message key of the last failed submission (the warning banner); empty otherwise. */
    blError: text("bl_error").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** CART-034: the cart's selection is this stored flag (0 or 1). */
    checked: smallint("checked").notNull().default(0),
    /** When the status last changed: the production simulator's clock (one step per interval). */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The planned delivery date, set when production starts (YYYY-MM-DD). */
    planDeliveryDate: date("plan_delivery_date", { mode: "string" }),
    /** The final delivery date, set when the order is finished (YYYY-MM-DD). */
    deliveryDate: date("delivery_date", { mode: "string" }),
    waybillNo: text("waybill_no").notNull().default(""),
    remark: text("remark").notNull().default(""),
    /** When the account pre-committed the order (PROD-055); null until then. */
    preCommittedAt: timestamp("pre_committed_at", { withTimezone: true }),
    /** A buy-again marked as a remake of a delivered order (issue 12), with the reason. */
    remakeOfId: integer("remake_of_id").references((): AnyPgColumn => orders.id),
    remakeReason: text("remake_reason").notNull().default(""),
    /**
     * The order's own copy of its customer record (PROD-025, PROD-060, PROD-061), edited without
     * touching the customer book; null until first edited (the customer book's record is shown).
     */
    orderCustomer: jsonb("order_customer").$type<Record<string, string | number | null>>(),
  },
  (t) => [
    index("orders_remake_of_idx").on(t.remakeOfId),
    index("orders_member_status_created_idx").on(t.memberId, t.statusId, t.createdAt.desc()),
    // Issue 21: every filter and the sort of the lists (cart/repository.ts), checked by EXPLAIN in
    // tests/server/listIndexes.test.ts. A list is always of some accounts, so each leads with the account;
    // the sort (newest first) in the order of the index, NULLS FIRST as `order by ... desc` is.
    index("orders_member_created_idx").on(t.memberId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_member_category_idx").on(t.memberId, t.categoryId),
    index("orders_member_size_category_idx").on(t.memberId, t.sizeCategoryId),
    index("orders_member_type_idx").on(t.memberId, t.orderType),
    index("orders_member_plan_delivery_idx").on(t.memberId, t.planDeliveryDate),
    index("orders_member_delivery_idx").on(t.memberId, t.deliveryDate),
    // Issue 23: the addable-orders total (shipments/repository.ts `addable`): an account's orders of the
    // shippable statuses counted from the index alone (id for the "in no shipment" probe)
    index("orders_member_status_id_idx").on(t.memberId, t.statusId, t.id),
    index("orders_cus_order_code_idx").on(t.cusOrderCode),
    index("orders_customer_idx").on(t.customerId),
    uniqueIndex("orders_code_key").on(t.orderCode),
    check("orders_amount_positive", sql`${t.amount} >= 1`),
    check("orders_price_not_negative", sql`${t.priceCents} >= 0 and ${t.unitPriceCents} >= 0`),
    check("orders_fabric_type", sql`${t.fabricType} in ('sys', 'cus')`),
    check("orders_checked_flag", sql`${t.checked} in (0, 1)`),
  ],
);

/**
 * Recommended products of the cart and the pending list (CART-018, CART-023, CART-051): a garment
 * category offered for an order-entry flow (type 7 simple, 8 professional).
 */
export const recommendedProducts = pgTable("recommended_products", {
  id: serial("id").primaryKey(),
  orderType: integer("order_type").notNull(),
  categoryId: integer("category_id")
    .notNull()
    .references(() => categories.id),
  name: text("name"),
  zhName: text("zh_name"),
  sort: integer("sort"),
});

// The JSON an order stores, as the contract's types describe its parts.
type OrderDraft = components["schemas"]["OrderDraft"];
type DraftPiece = components["schemas"]["DraftPiece"];
type FinishedPart = components["schemas"]["FinishedPart"];

/** The server's checked and priced breakdown of one garment piece (cents before the account's price factor). */
export interface OrderPieceDetail {
  clothCategory: number;
  makeCents: number;
  fabricCents: number;
  craftCents: number;
  embCents: number;
  contrastCents: number;
  /** The sum of the above. */
  baseCents: number;
  /** The fit (dictionary 43) chosen by the piece's FIT craft, regular by default. */
  fitId: number;
  shape: number | null;
  crafts: Array<{ craftId: number; content: string; file: string | null; priceCents: number }>;
  embs: Array<{
    site: number;
    color: number;
    font: number;
    embSize: number | null;
    content: string;
    file: string | null;
    priceCents: number;
  }>;
  contrasts: Array<{ siteId: number; positionIds: number[]; fabricId: number; content: string; priceCents: number }>;
  /** Measurements in the draft's unit (disabled parts left out). */
  sizes: Array<{ partId: number; partValue: number; modifyValue: number }>;
  /** Finished sizes of body measurements (10052); empty for the other methods. */
  finished: FinishedPart[];
  /**
   * A style order's (type 10) piece: the style crafts it was priced with (every craft with a value, the
   * presets included; `crafts` is empty). Absent on the pieces of other orders.
   */
  styleCrafts?: Array<{ styleCraftId: number; content: string; priceCents: number }>;
}

/** A piece with nothing chosen, measured or priced, in the regular fit: the seed and tests fill in the rest. */
export const blankPiece = (clothCategory: number, fields: Partial<OrderPieceDetail> = {}): OrderPieceDetail => ({
  clothCategory,
  makeCents: 0,
  fabricCents: 0,
  craftCents: 0,
  embCents: 0,
  contrastCents: 0,
  baseCents: 0,
  fitId: FIT.regular,
  shape: null,
  crafts: [],
  embs: [],
  contrasts: [],
  sizes: [],
  finished: [],
  ...fields,
});

type DraftCraftIn = components["schemas"]["DraftCraft"];
type DraftEmbIn = components["schemas"]["DraftEmb"];
type DraftContrastIn = components["schemas"]["DraftContrast"];
type DraftSizeIn = components["schemas"]["DraftSize"];

/** A draft with the documented defaults applied (QO-064 amount 1, QO-066 style 20100, QO-067 method 10052 ...). */
export interface Draft extends Required<Omit<OrderDraft, "detailList">> {
  detailList: Piece[];
}
export interface Piece extends Omit<DraftPiece, "craftList" | "embList" | "contrastSaveList" | "sizeList"> {
  craftList: Array<DraftCraftIn & { content: string; file: string | null }>;
  embList: Array<
    DraftEmbIn & {
      site: number | null;
      color: number | null;
      font: number | null;
      embSize: number | null;
      content: string;
      file: string | null;
    }
  >;
  contrastSaveList: Array<DraftContrastIn & { color: number | null; content: string }>;
  sizeList: Array<DraftSizeIn & { partValue: number | string | null; modifyValue: number }>;
}
