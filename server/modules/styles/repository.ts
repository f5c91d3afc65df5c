import { and, asc, count, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likePattern } from "../../db/like.ts";
import {
  categories,
  fabrics,
  styleCategories,
  styleCrafts,
  styleFabrics,
  stylePieces,
  styles,
} from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

export type StyleRow = typeof styles.$inferSelect;
export type StylePieceRow = typeof stylePieces.$inferSelect;
export type StyleCraftRow = typeof styleCrafts.$inferSelect;

/** A style's name matches in either language (`%`, `_` and `\` typed by the user match themselves). */
const nameMatches = (text: string) =>
  or(ilike(styles.enName, likePattern(text)), ilike(styles.zhName, likePattern(text)));

/** The style catalogue: categories, styles, their fabrics, pieces and crafts. */
export function stylesRepository(db: Db) {
  return {
    categories: (tx?: Transaction) =>
      executorOf(db, tx).select().from(styleCategories).orderBy(asc(styleCategories.pos), asc(styleCategories.id)),

    /** How many styles each (category, sub-category) pair holds. */
    counts: (tx?: Transaction) =>
      executorOf(db, tx)
        .select({ categoryId: styles.categoryId, subCategoryId: styles.subCategoryId, n: count() })
        .from(styles)
        .groupBy(styles.categoryId, styles.subCategoryId),

    /**
     * One page of styles (by name, then id), each with the make price and fabric of its pieces and its
     * cheapest fabric's price per metre, and how many match: one statement (issue 21; a page past the end
     * counts in a second).
     */
    async page(
      query: { name: string; category?: number; subCategory?: number; limit: number; offset: number },
      locale: "en" | "zh",
      tx?: Transaction,
    ) {
      const filters: SQL[] = [];
      if (query.name) filters.push(nameMatches(query.name)!);
      if (query.category !== undefined) filters.push(eq(styles.categoryId, query.category));
      if (query.subCategory !== undefined) filters.push(eq(styles.subCategoryId, query.subCategory));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const executor = executorOf(db, tx);
      // A single-table select names its own columns unqualified: the subqueries name the style by its table.
      const rows = await executor
        .select({
          ...getTableColumns(styles),
          total: sql<number>`count(*) over ()`.mapWith(Number),
          cheapestCents: sql<
            number | null
          >`(select min(f.price_per_meter_cents) from ${styleFabrics} sf join ${fabrics} f on f.fabric_code = sf.fabric_code where sf.style_id = "styles"."id")`,
          pieces: sql<
            Array<{ makePriceCents: number; fabricCentimeters: number }>
          >`coalesce((select json_agg(json_build_object('makePriceCents', sp.make_price_cents, 'fabricCentimeters', sp.fabric_centimeters) order by sp.pos) from ${stylePieces} sp where sp.style_id = "styles"."id"), '[]'::json)`,
        })
        .from(styles)
        .where(where)
        .orderBy(asc(locale === "zh" ? styles.zhName : styles.enName), asc(styles.id))
        .limit(query.limit)
        .offset(query.offset);
      if (rows.length === 0 && query.offset > 0) {
        const [total] = await executor.select({ n: count() }).from(styles).where(where);
        return { rows, total: total?.n ?? 0 };
      }
      return { rows, total: rows[0]?.total ?? 0 };
    },

    async byId(id: number, tx?: Transaction): Promise<StyleRow | undefined> {
      const [row] = await executorOf(db, tx).select().from(styles).where(eq(styles.id, id));
      return row;
    },

    /** The fabrics the styles may be made of, in each style's order, with their price per metre and stock. */
    fabricsOf: (styleIds: readonly number[], tx?: Transaction) =>
      styleIds.length === 0
        ? Promise.resolve([])
        : executorOf(db, tx)
            .select({
              styleId: styleFabrics.styleId,
              fabricCode: styleFabrics.fabricCode,
              pricePerMeterCents: fabrics.pricePerMeterCents,
            })
            .from(styleFabrics)
            .innerJoin(fabrics, eq(fabrics.fabricCode, styleFabrics.fabricCode))
            .where(inArray(styleFabrics.styleId, [...styleIds]))
            .orderBy(asc(styleFabrics.styleId), asc(styleFabrics.pos)),

    /** The pieces of the styles, in each style's order. */
    piecesOf: (styleIds: readonly number[], tx?: Transaction) =>
      styleIds.length === 0
        ? Promise.resolve([])
        : executorOf(db, tx)
            .select()
            .from(stylePieces)
            .where(inArray(stylePieces.styleId, [...styleIds]))
            .orderBy(asc(stylePieces.styleId), asc(stylePieces.pos)),

    async pieceById(id: number, tx?: Transaction): Promise<StylePieceRow | undefined> {
      const [row] = await executorOf(db, tx).select().from(stylePieces).where(eq(stylePieces.id, id));
      return row;
    },

    /** The crafts of the pieces, in each piece's order. */
    craftsOf: (pieceIds: readonly number[], tx?: Transaction) =>
      pieceIds.length === 0
        ? Promise.resolve([])
        : executorOf(db, tx)
            .select()
            .from(styleCrafts)
            .where(inArray(styleCrafts.pieceId, [...pieceIds]))
            .orderBy(asc(styleCrafts.pieceId), asc(styleCrafts.pos)),

    async craftById(id: number, tx?: Transaction): Promise<StyleCraftRow | undefined> {
      const [row] = await executorOf(db, tx).select().from(styleCrafts).where(eq(styleCrafts.id, id));
      return row;
    },

    /** The garment categories' names (a piece's clothCategoryName). */
    garmentNames: (tx?: Transaction) =>
      executorOf(db, tx)
        .select({ id: categories.id, enName: categories.enName, zhName: categories.zhName })
        .from(categories),

    /** Pieces of a garment category whose style name or style code holds the keyword, by style name. */
    searchPieces: (categoryId: number, keyword: string, limit: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select({ piece: stylePieces, style: styles })
        .from(stylePieces)
        .innerJoin(styles, eq(styles.id, stylePieces.styleId))
        .where(
          and(
            eq(stylePieces.categoryId, categoryId),
            or(nameMatches(keyword), ilike(stylePieces.styleCode, likePattern(keyword))),
          ),
        )
        .orderBy(asc(styles.enName), asc(stylePieces.id))
        .limit(limit),
  };
}
