import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { categories } from "./catalogue.ts";
import { crafts } from "./crafts.ts";

/** Base styles and the crafts each excludes. */

/**
 * Base styles (style basics, `styleBasicId`): the base pattern blocks of a garment category, e.g.
 * "Classic two-button" or "Slim". One per category is the default (`chooseStyleId`).
 */
export const styleBasics = pgTable(
  "style_basics",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    descriptionEn: text("description_en").notNull(),
    descriptionZh: text("description_zh").notNull(),
    isDefault: integer("is_default").notNull().default(0),
    pos: integer("pos").notNull(),
  },
  (t) => [
    index("style_basics_category_idx").on(t.categoryId, t.pos),
    uniqueIndex("style_basics_code_key").on(t.categoryId, t.code),
    check("style_basics_is_default", sql`${t.isDefault} in (0, 1)`),
  ],
);

/** Crafts a base style does not permit (with their sub-options): the base's craft tree is the category's without them. */
export const styleBasicExcludedCrafts = pgTable(
  "style_basic_excluded_crafts",
  {
    styleBasicId: integer("style_basic_id")
      .notNull()
      .references(() => styleBasics.id),
    craftId: integer("craft_id")
      .notNull()
      .references(() => crafts.id),
  },
  (t) => [primaryKey({ columns: [t.styleBasicId, t.craftId] })],
);
