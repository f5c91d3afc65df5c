import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { categories } from "./catalogue.ts";
import { length } from "./columns.ts";

/** Measurement parts and eases, standard sizes, body posture and add-products. */

/**
 * Measurement parts per garment category and method (10052 body, 10053 finished garment), in cm.
 * `refPartId` links a finished part to its body part and back.
 */
export const measureParts = pgTable(
  "measure_parts",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    measureType: integer("measure_type").notNull(),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    minValue: length("min_value").notNull(),
    maxValue: length("max_value").notNull(),
    defaultValue: length("default_value").notNull(),
    isMust: integer("is_must").notNull().default(1),
    refPartId: integer("ref_part_id"),
    pos: integer("pos").notNull(),
  },
  (t) => [
    index("measure_parts_category_idx").on(t.categoryId, t.measureType, t.pos),
    check("measure_parts_type", sql`${t.measureType} in (10052, 10053)`),
    check("measure_parts_range", sql`${t.minValue} <= ${t.defaultValue} and ${t.defaultValue} <= ${t.maxValue}`),
  ],
);

/** Ease (cm) added to a body measurement for a fit (dictionary 43) to give the finished size. */
export const measureEases = pgTable(
  "measure_eases",
  {
    partId: integer("part_id")
      .notNull()
      .references(() => measureParts.id),
    fitId: integer("fit_id").notNull(),
    ease: length("ease").notNull(),
  },
  (t) => [primaryKey({ columns: [t.partId, t.fitId] })],
);

/** Standard sizes (method 10054) per category, size area (dictionary 44) and shape (dictionary 43). */
export const standardSizes = pgTable(
  "standard_sizes",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    sizeAreaId: integer("size_area_id").notNull(),
    shapeId: integer("shape_id").notNull(),
    name: text("name").notNull(),
    property: text("property").notNull(),
    propertyZh: text("property_zh").notNull(),
    /** Finished measurements of the size: [{ partId, value }]. */
    details: jsonb("details").$type<Array<{ partId: number; value: number }>>().notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [index("standard_sizes_lookup_idx").on(t.categoryId, t.sizeAreaId, t.shapeId, t.pos)],
);

/** Body-posture specs per category (shoulders, back ...) and their choices with a picture. */
export const bodySpecs = pgTable(
  "body_specs",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [index("body_specs_category_idx").on(t.categoryId, t.pos)],
);

export const bodySpecDetails = pgTable(
  "body_spec_details",
  {
    id: integer("id").primaryKey(),
    specId: integer("spec_id")
      .notNull()
      .references(() => bodySpecs.id),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    descriptionEn: text("description_en").notNull(),
    descriptionZh: text("description_zh").notNull(),
    /** What the posture picture draws (`GET pc/dict/postureImage/{id}`). */
    figure: text("figure").notNull(),
    isDefault: integer("is_default").notNull().default(0),
    pos: integer("pos").notNull(),
  },
  (t) => [index("body_spec_details_spec_idx").on(t.specId, t.pos)],
);

/** Extra pieces offered with a garment category (the add-product selector: suits). */
export const addProducts = pgTable(
  "add_products",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    addCategoryId: integer("add_category_id")
      .notNull()
      .references(() => categories.id),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.addCategoryId] })],
);
