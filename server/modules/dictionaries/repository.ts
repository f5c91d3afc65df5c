import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { addProducts, categories, dictBasic, dictSystem } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/** The system and basic dictionaries, the garment categories and their add-product pieces. */
export function dictionariesRepository(db: Db) {
  return {
    async category(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(categories).where(eq(categories.id, id));
      return row;
    },

    allCategories: (tx?: Transaction) => executorOf(db, tx).select().from(categories).orderBy(asc(categories.pos)),

    /** The categories that may be added to a garment of the category, in display order. */
    async addedPieces(categoryId: number, tx?: Transaction) {
      const rows = await executorOf(db, tx)
        .select({ piece: categories })
        .from(addProducts)
        .innerJoin(categories, eq(categories.id, addProducts.addCategoryId))
        .where(eq(addProducts.categoryId, categoryId))
        .orderBy(asc(addProducts.pos));
      return rows.map((r) => r.piece);
    },

    async dictEntry(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(dictSystem).where(eq(dictSystem.id, id));
      return row;
    },

    async basicEntryExists(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select({ id: dictBasic.id }).from(dictBasic).where(eq(dictBasic.id, id));
      return row !== undefined;
    },

    async basicCategoryExists(category: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ id: dictBasic.id })
        .from(dictBasic)
        .where(eq(dictBasic.category, category))
        .limit(1);
      return row !== undefined;
    },

    /** A basic dictionary's entries (children of one parent when given, null: the top level), by parent and position. */
    basicEntries: (category: number, parentId: number | null | undefined, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(dictBasic)
        .where(
          and(
            eq(dictBasic.category, category),
            parentId === undefined
              ? undefined
              : parentId === null
                ? isNull(dictBasic.parentId)
                : eq(dictBasic.parentId, parentId),
          ),
        )
        .orderBy(asc(dictBasic.parentId), asc(dictBasic.pos)),

    /** A system dictionary's entries (only the given ids when a list is given), in display order. */
    systemEntries: (category: number, ids: readonly number[] | undefined, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(dictSystem)
        .where(and(eq(dictSystem.category, category), ids === undefined ? undefined : inArray(dictSystem.id, [...ids])))
        .orderBy(asc(dictSystem.pos)),
  };
}
