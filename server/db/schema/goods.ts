import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { orders } from "./orders.ts";

/** The online mall (002 §2, §3: "Product (catalogue)"): ready goods bought as goods orders (type 9). */

/** The two-level category tree of the mall: main categories (parent null) and their sub-categories. */
export const goodsCategories = pgTable(
  "goods_categories",
  {
    id: integer("id").primaryKey(),
    parentId: integer("parent_id").references((): AnyPgColumn => goodsCategories.id),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [index("goods_categories_parent_idx").on(t.parentId, t.pos)],
);

/**
 * A ready product. `categoryId` is its main category, `subCategoryId` one of that category's
 * sub-categories. `colors` and `specs` are comma lists (GOODS-009); `priceCents` is before the account's
 * price factor. `property` and `detail` are HTML (the browser sanitises them). Pictures are drawn by the
 * server (1..`imageCount`) from `kind` and `colorHex`. `searchText` is the lower-cased names and SKU.
 */
export const goods = pgTable(
  "goods",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => goodsCategories.id),
    subCategoryId: integer("sub_category_id")
      .notNull()
      .references(() => goodsCategories.id),
    sku: text("sku").notNull().unique(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    kind: text("kind").notNull(),
    colorHex: text("color_hex").notNull(),
    colors: text("colors").notNull(),
    specs: text("specs").notNull(),
    priceCents: bigint("price_cents", { mode: "number" }).notNull(),
    imageCount: integer("image_count").notNull(),
    propertyEn: text("property_en").notNull(),
    propertyZh: text("property_zh").notNull(),
    detailEn: text("detail_en").notNull(),
    detailZh: text("detail_zh").notNull(),
    searchText: text("search_text").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [
    index("goods_category_idx").on(t.categoryId, t.subCategoryId, t.pos),
    index("goods_pos_idx").on(t.pos),
    check("goods_price_not_negative", sql`${t.priceCents} >= 0`),
    check("goods_image_count", sql`${t.imageCount} between 1 and 20`),
  ],
);

/** Stock of a product per colour and size (an empty colour or size when the product has none). */
export const goodsStock = pgTable(
  "goods_stock",
  {
    goodId: integer("good_id")
      .notNull()
      .references(() => goods.id),
    color: text("color").notNull(),
    spec: text("spec").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.goodId, t.color, t.spec] }),
    check("goods_stock_not_negative", sql`${t.quantity} >= 0`),
  ],
);

/**
 * The product of a goods order (type 9; its quantity is the order's `amount`). `takenQuantity` is what
 * the order took from the stock when it was paid (0 while in the cart, and again once a cancel gave it
 * back), so a cancel returns the stock exactly once.
 */
export const orderGoods = pgTable(
  "order_goods",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    goodId: integer("good_id")
      .notNull()
      .references(() => goods.id),
    color: text("color").notNull(),
    spec: text("spec").notNull(),
    takenQuantity: integer("taken_quantity").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_goods_good_idx").on(t.goodId),
    check("order_goods_taken_not_negative", sql`${t.takenQuantity} >= 0`),
  ],
);
