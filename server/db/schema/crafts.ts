import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { categories } from "./catalogue.ts";

/** The craft tree of each category, process bindings and contrast options. */

/**
 * The craft tree of a garment category (000 §3): top-level groups (parentId null), their options and
 * sub-options. A node's `chooseType` governs how its children are chosen; `sourceType` how the node is
 * shown; `kind` is the node's documented `category` (1 craft, 2 embroidery, 3 accessory, 4 contrast).
 * Ids are unique over every category (garment category id + n, n < 500).
 */
export const crafts = pgTable(
  "crafts",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    parentId: integer("parent_id").references((): AnyPgColumn => crafts.id),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    value: text("value").notNull().default(""),
    priceCents: integer("price_cents").notNull().default(0),
    isDefault: integer("is_default").notNull().default(0),
    sourceType: text("source_type").notNull(),
    chooseType: text("choose_type").notNull(),
    kind: integer("kind").notNull().default(1),
    imagePath: text("image_path").notNull().default(""),
    extension: text("extension").notNull().default(""),
    remark: text("remark").notNull().default(""),
    remarkZh: text("remark_zh").notNull().default(""),
    pos: integer("pos").notNull(),
  },
  (t) => [
    index("crafts_category_idx").on(t.categoryId, t.pos),
    check("crafts_source_type", sql`${t.sourceType} in ('TEXT','LABEL','IMAGE','FONT','STYLE','FILE')`),
    check("crafts_choose_type", sql`${t.chooseType} in ('RADIO','CHECKBOX','COPY')`),
    check("crafts_kind", sql`${t.kind} between 1 and 4`),
    check("crafts_is_default", sql`${t.isDefault} in (0, 1)`),
  ],
);

/** Crafts preset for a garment category (`GET pc/dict/processBinding`). */
export const processBindings = pgTable(
  "process_bindings",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    craftId: integer("craft_id")
      .notNull()
      .references(() => crafts.id),
    pos: integer("pos").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.craftId] })],
);

/** Contrast sites of a garment category; `fabricGroup` picks the contrast fabrics offered there. */
export const contrastSites = pgTable(
  "contrast_sites",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    id: integer("id").notNull(),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    fabricGroup: text("fabric_group").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.id] })],
);

/** Positions on a contrast site, each with its price. */
export const contrastPositions = pgTable(
  "contrast_positions",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    siteId: integer("site_id").notNull(),
    id: integer("id").notNull(),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    pos: integer("pos").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.id] }),
    index("contrast_positions_site_idx").on(t.categoryId, t.siteId),
  ],
);

/** Contrast fabrics: IMAGE (a catalogue fabric with its swatch) or TEXT (the user types a value). */
export const contrastFabrics = pgTable(
  "contrast_fabrics",
  {
    id: integer("id").primaryKey(),
    fabricGroup: text("fabric_group").notNull(),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    sourceType: text("source_type").notNull(),
    imagePath: text("image_path").notNull().default(""),
    priceCents: integer("price_cents").notNull().default(0),
    pos: integer("pos").notNull(),
  },
  (t) => [check("contrast_fabrics_source_type", sql`${t.sourceType} in ('IMAGE','TEXT')`)],
);
