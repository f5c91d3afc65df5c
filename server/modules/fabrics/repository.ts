import { and, asc, eq, like, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categoryFabricKinds, fabrics } from "../../db/schema.ts";
import { preparedPerShape } from "../../db/prepared.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/** A fabric of the category's fabric kinds (the kinds read once, as an array). */
const ofCategory = (category: number | Placeholder) =>
  sql`${fabrics.kind} = any(array(select ${categoryFabricKinds.kind} from ${categoryFabricKinds} where ${categoryFabricKinds.categoryId} = ${category}))`;

/** What a fabric card shows: the library's page and, with more, the order-entry search. */
const cardColumns = {
  id: fabrics.id,
  fabricCode: fabrics.fabricCode,
  imagePath: fabrics.imagePath,
  pricePerMeterCents: fabrics.pricePerMeterCents,
  stockCentimeters: fabrics.stockCentimeters,
  colorTypeName: fabrics.colorTypeName,
  colorTypeNameZh: fabrics.colorTypeNameZh,
  flowerPatternName: fabrics.flowerPatternName,
  flowerPatternNameZh: fabrics.flowerPatternNameZh,
  fabricProName: fabrics.fabricProName,
  fabricProNameZh: fabrics.fabricProNameZh,
};

/**
 * The fabric search as one prepared statement per shape (with or without a category, 0 to 5 words):
 * the category's fabric kinds are read once into an array (`kind = any(array(…))`, cheaper than
 * `kind in (select …)` on PGlite, whose tables have no statistics), every word must occur in the lower-cased
 * `search_text` (`LIKE lower(pattern)`, which is `ILIKE` on an already lower-cased column), and the
 * total comes with the page (`count(*) over ()`).
 */
const fabricSearch = preparedPerShape(
  "fabric_search",
  (db, shape: { withCategory: boolean; wordCount: number }, name) => {
    const { withCategory, wordCount } = shape;
    const wordMatches = Array.from({ length: wordCount }, (_, i) =>
      like(fabrics.searchText, sql`lower(${sql.placeholder(`w${i}`)})`),
    );
    return db
      .select({
        ...cardColumns,
        weightGrams: fabrics.weightGrams,
        flowerRemark: fabrics.flowerRemark,
        flowerRemarkZh: fabrics.flowerRemarkZh,
        soledad: fabrics.soledad,
        soledadZh: fabrics.soledadZh,
        remark: fabrics.remark,
        remarkZh: fabrics.remarkZh,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(fabrics)
      .where(and(withCategory ? ofCategory(sql.placeholder("category")) : undefined, ...wordMatches))
      .orderBy(asc(fabrics.fabricCode))
      .limit(sql.placeholder("limit"))
      .prepare(name);
  },
);

/** The fabrics: the order-entry search (prepared statements), stock and pictures. */
export function fabricsRepository(db: Db) {
  return {
    /** Fabrics of the category (when given) matching every word (LIKE patterns), by code, with the total. */
    search(query: { category?: number; patterns: readonly string[]; limit: number }) {
      const search = fabricSearch(db, { withCategory: query.category !== undefined, wordCount: query.patterns.length });
      const params: Record<string, unknown> = { limit: query.limit, category: query.category ?? null };
      query.patterns.forEach((pattern, i) => (params[`w${i}`] = pattern));
      return search.execute(params);
    },

    /**
     * FAB-008: one page of the fabric library by code (the fabrics of a garment category, when given, whose
     * code contains the text), with the total, in one statement.
     */
    async libraryPage(q: { category?: number; codePattern?: string; limit: number; offset: number }) {
      const where = and(
        q.category === undefined ? undefined : ofCategory(q.category),
        q.codePattern === undefined ? undefined : like(fabrics.fabricCode, q.codePattern),
      );
      const rows = await db
        .select({
          ...cardColumns,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(fabrics)
        .where(where)
        .orderBy(asc(fabrics.fabricCode))
        .limit(q.limit)
        .offset(q.offset);
      if (rows.length === 0 && q.offset > 0) {
        const [row] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(fabrics)
          .where(where);
        return { rows, total: row?.n ?? 0 };
      }
      return { rows, total: rows[0]?.total ?? 0 };
    },

    async stock(fabricCode: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ fabricCode: fabrics.fabricCode, stock: fabrics.stockCentimeters })
        .from(fabrics)
        .where(eq(fabrics.fabricCode, fabricCode));
      return row;
    },

    async byCode(fabricCode: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(fabrics).where(eq(fabrics.fabricCode, fabricCode));
      return row;
    },
  };
}
