import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { categories } from "./catalogue.ts";
import { fabrics } from "./fabrics.ts";

/** The style catalogue (000 §3, 002 §2 "Fashion & Designer"): ready-made styles ordered as style orders (type 10). */

/** Main categories of the style catalogue (parent null) and their sub-categories (parent a main category). */
export const styleCategories = pgTable(
  "style_categories",
  {
    id: integer("id").primaryKey(),
    parentId: integer("parent_id").references((): AnyPgColumn => styleCategories.id),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [index("style_categories_parent_idx").on(t.parentId, t.pos)],
);

/**
 * A ready-made style. `categoryId` is its main category, `subCategoryId` one of that category's
 * sub-categories (or null). `property` is HTML text shown on the style's page (the browser sanitises
 * it). Pictures are drawn by the server from `colorHex` (1..`imageCount`).
 */
export const styles = pgTable(
  "styles",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => styleCategories.id),
    subCategoryId: integer("sub_category_id").references(() => styleCategories.id),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    deliveryDays: integer("delivery_days").notNull(),
    propertyEn: text("property_en").notNull(),
    propertyZh: text("property_zh").notNull(),
    colorHex: text("color_hex").notNull(),
    imageCount: integer("image_count").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [
    index("styles_category_idx").on(t.categoryId, t.subCategoryId),
    check("styles_delivery_days", sql`${t.deliveryDays} > 0`),
    check("styles_image_count", sql`${t.imageCount} between 1 and 20`),
  ],
);

/** The fabrics a style may be made of (chooseFabric), in order; the first is its default. */
export const styleFabrics = pgTable(
  "style_fabrics",
  {
    styleId: integer("style_id")
      .notNull()
      .references(() => styles.id),
    fabricCode: text("fabric_code")
      .notNull()
      .references(() => fabrics.fabricCode),
    pos: integer("pos").notNull(),
  },
  (t) => [primaryKey({ columns: [t.styleId, t.fabricCode] })],
);

/**
 * The garment pieces of a style (styleInfoList), in order: the first is the order's garment category,
 * the others its add-products. Each is priced by its making and the fabric it uses (cm).
 */
export const stylePieces = pgTable(
  "style_pieces",
  {
    id: integer("id").primaryKey(),
    styleId: integer("style_id")
      .notNull()
      .references(() => styles.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    styleCode: text("style_code").notNull(),
    makePriceCents: integer("make_price_cents").notNull(),
    fabricCentimeters: integer("fabric_centimeters").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [
    uniqueIndex("style_pieces_style_pos_key").on(t.styleId, t.pos),
    index("style_pieces_category_idx").on(t.categoryId),
    check("style_pieces_prices", sql`${t.makePriceCents} >= 0 and ${t.fabricCentimeters} >= 0`),
  ],
);

/**
 * The crafts of a style piece (styleCraftList): `type` 2 required, 1 optional; `chooseContent` a
 * comma list of values to choose from, or empty for free text; `defaultValue` the preset value.
 */
export const styleCrafts = pgTable(
  "style_crafts",
  {
    id: integer("id").primaryKey(),
    pieceId: integer("piece_id")
      .notNull()
      .references(() => stylePieces.id),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    type: integer("type").notNull(),
    priceCents: integer("price_cents").notNull(),
    chooseContent: text("choose_content").notNull(),
    /** The same choices named in Chinese, in the same order ("" for free text). */
    chooseContentZh: text("choose_content_zh").notNull().default(""),
    defaultValue: text("default_value").notNull().default(""),
    pos: integer("pos").notNull(),
  },
  (t) => [
    index("style_crafts_piece_idx").on(t.pieceId, t.pos),
    check("style_crafts_type", sql`${t.type} in (1, 2)`),
    check("style_crafts_price", sql`${t.priceCents} >= 0`),
  ],
);
