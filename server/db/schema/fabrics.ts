import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { categories } from "./catalogue.ts";

/** Fabrics and the fabric kinds each garment category is made of. */

/**
 * Fabrics with what the fabric preview shows (000 §3). Display texts are stored in English and
 * Chinese; `kind` (suiting, shirting, coating) says which garment categories may use the fabric;
 * `pattern` and the two colours draw the swatch (`GET pc/fabric/swatch/{fabricCode}`); an empty
 * `imagePath` means the fabric has no picture.
 */
export const fabrics = pgTable(
  "fabrics",
  {
    id: serial("id").primaryKey(),
    fabricCode: text("fabric_code").notNull(),
    pricePerMeterCents: integer("price_per_meter_cents").notNull(),
    stockCentimeters: integer("stock_centimeters").notNull(),
    kind: text("kind").notNull().default("suiting"),
    pattern: text("pattern").notNull().default("plain"),
    colorHex: text("color_hex").notNull().default("#6b7280"),
    lineHex: text("line_hex").notNull().default("#9ca3af"),
    colorTypeName: text("color_type_name").notNull().default(""),
    colorTypeNameZh: text("color_type_name_zh").notNull().default(""),
    flowerPatternName: text("flower_pattern_name").notNull().default(""),
    flowerPatternNameZh: text("flower_pattern_name_zh").notNull().default(""),
    flowerRemark: text("flower_remark").notNull().default(""),
    flowerRemarkZh: text("flower_remark_zh").notNull().default(""),
    soledad: text("soledad").notNull().default(""),
    soledadZh: text("soledad_zh").notNull().default(""),
    fabricProName: text("fabric_pro_name").notNull().default(""),
    fabricProNameZh: text("fabric_pro_name_zh").notNull().default(""),
    weightGrams: integer("weight_grams").notNull().default(0),
    remark: text("remark").notNull().default(""),
    remarkZh: text("remark_zh").notNull().default(""),
    imagePath: text("image_path").notNull().default(""),
    /** Every field the fabric search matches, lower-cased in one column (one LIKE per word instead of nine). */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(fabric_code || ' ' || color_type_name || ' ' || color_type_name_zh || ' ' || flower_pattern_name || ' ' || flower_pattern_name_zh || ' ' || fabric_pro_name || ' ' || fabric_pro_name_zh || ' ' || soledad || ' ' || soledad_zh)`,
      ),
  },
  (t) => [uniqueIndex("fabrics_code_key").on(t.fabricCode), index("fabrics_kind_idx").on(t.kind, t.fabricCode)],
);

/** Which fabric kinds a garment category is made of (the fabric search filters by them). */
export const categoryFabricKinds = pgTable(
  "category_fabric_kinds",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    kind: text("kind").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.kind] })],
);
