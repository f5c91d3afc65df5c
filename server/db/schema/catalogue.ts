import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
} from "drizzle-orm/pg-core";

/** The catalogue: banners, system and basic dictionaries, garment categories, their prices and linings. */

export const banners = pgTable("banners", {
  id: serial("id").primaryKey(),
  imagePath: text("image_path").notNull(),
  pos: integer("pos").notNull(),
});

/** System dictionaries: 7 order types, 9 order statuses, 10 gender, 13 measurement methods ... */
export const dictSystem = pgTable(
  "dict_system",
  {
    id: integer("id").primaryKey(),
    category: integer("category").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    pos: integer("pos").notNull(),
    isStop: integer("is_stop").notNull().default(0),
  },
  (t) => [index("dict_system_category_idx").on(t.category, t.pos)],
);

/** Garment categories and the order ways (7 simple, 8 professional) that offer them. */
export const categories = pgTable("categories", {
  id: integer("id").primaryKey(),
  ecode: text("ecode").notNull(),
  enName: text("en_name").notNull(),
  zhName: text("zh_name").notNull(),
  imagePath: text("image_path").notNull(),
  simpleOrder: boolean("simple_order").notNull(),
  professionalOrder: boolean("professional_order").notNull(),
  onlyCoat: boolean("only_coat").notNull().default(false),
  pos: integer("pos").notNull(),
});

/** Make-and-trim price of a category per order type, in cents. */
export const categoryPrices = pgTable(
  "category_prices",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    orderType: integer("order_type").notNull(),
    makePriceCents: integer("make_price_cents").notNull(),
    fabricCentimeters: integer("fabric_centimeters").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.orderType] })],
);

/** Lining types offered per category and order type. */
export const linings = pgTable(
  "linings",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    orderType: integer("order_type").notNull(),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    priceCents: integer("price_cents").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.orderType, t.code] })],
);

/**
 * Basic dictionaries (`GET pc/dictbasic`): 2 payment methods, 3 address types, 4 countries,
 * 5 states (parent a country), 6 cities (parent a state).
 */
export const dictBasic = pgTable(
  "dict_basic",
  {
    id: integer("id").primaryKey(),
    category: integer("category").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => dictBasic.id),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [index("dict_basic_category_idx").on(t.category, t.parentId, t.pos)],
);

/**
 * Issue 21: a version per catalogue (crafts, fabrics, dictionaries), bumped by a trigger on every change
 * of the catalogue's tables (migration catalogue_version_triggers), whichever process or tool made it.
 * A process keeps a catalogue's serialised answers with the version they were built at and reads the
 * version with every request, so a change made anywhere is seen by every process at once.
 */
export const catalogueVersions = pgTable("catalogue_versions", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
});
