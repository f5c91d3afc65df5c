import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { styleBasicExcludedCrafts, styleBasics } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

export type StyleBasicRow = typeof styleBasics.$inferSelect;

/** Base styles (style basics) and the crafts each excludes. */
export function styleBasicsRepository(db: Db) {
  return {
    async byId(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(styleBasics).where(eq(styleBasics.id, id));
      return row;
    },

    ofCategories: (categoryIds: readonly number[], tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(styleBasics)
        .where(inArray(styleBasics.categoryId, [...categoryIds]))
        .orderBy(asc(styleBasics.categoryId), asc(styleBasics.pos)),

    /** The crafts the base styles exclude. */
    excludedCrafts: (styleBasicIds: readonly number[], tx?: Transaction) =>
      styleBasicIds.length === 0
        ? Promise.resolve([])
        : executorOf(db, tx)
            .select()
            .from(styleBasicExcludedCrafts)
            .where(inArray(styleBasicExcludedCrafts.styleBasicId, [...styleBasicIds])),
  };
}
