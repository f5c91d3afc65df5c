import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { categories } from "./catalogue.ts";

/** Embroidery (monogram) options and the categories that offer them. */

/** Embroidery (monogram) options: sites, colours, fonts (1500 = uploaded artwork) and sizes. */
export const embOptions = pgTable(
  "emb_options",
  {
    id: integer("id").primaryKey(),
    type: text("type").notNull(),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    value: text("value").notNull().default(""),
    priceCents: integer("price_cents").notNull().default(0),
    pos: integer("pos").notNull(),
  },
  (t) => [check("emb_options_type", sql`${t.type} in ('emb_site','emb_color','emb_font','emb_size')`)],
);

/** Which embroidery options a garment category offers. */
export const categoryEmbOptions = pgTable(
  "category_emb_options",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    optionId: integer("option_id")
      .notNull()
      .references(() => embOptions.id),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.optionId] })],
);
