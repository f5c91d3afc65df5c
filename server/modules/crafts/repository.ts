import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contrastFabrics, contrastPositions, contrastSites, crafts, processBindings } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

export type CraftRow = typeof crafts.$inferSelect;

/** Crafts (the craft tree of each category), process bindings and contrast options. */
export function craftsRepository(db: Db) {
  return {
    /** Every craft of a category in tree order (parents before children). */
    craftsOf: (categoryId: number, tx?: Transaction) =>
      executorOf(db, tx).select().from(crafts).where(eq(crafts.categoryId, categoryId)).orderBy(asc(crafts.pos)),

    async craft(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(crafts).where(eq(crafts.id, id));
      return row;
    },

    /** Category and price of the given crafts (any category). */
    pricesOf: (ids: readonly number[], tx?: Transaction) =>
      ids.length === 0
        ? Promise.resolve([])
        : executorOf(db, tx)
            .select({ id: crafts.id, categoryId: crafts.categoryId, priceCents: crafts.priceCents })
            .from(crafts)
            .where(inArray(crafts.id, [...ids])),

    /** Names of the given crafts. */
    namesOf: (ids: readonly number[], tx?: Transaction) =>
      ids.length === 0
        ? Promise.resolve([])
        : executorOf(db, tx)
            .select({ id: crafts.id, enName: crafts.enName, zhName: crafts.zhName })
            .from(crafts)
            .where(inArray(crafts.id, [...ids])),

    processBindings: (categoryId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select({ craftId: processBindings.craftId })
        .from(processBindings)
        .where(eq(processBindings.categoryId, categoryId))
        .orderBy(asc(processBindings.pos)),

    contrastSites: (categoryId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(contrastSites)
        .where(eq(contrastSites.categoryId, categoryId))
        .orderBy(asc(contrastSites.pos)),

    contrastPositions: (categoryId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(contrastPositions)
        .where(eq(contrastPositions.categoryId, categoryId))
        .orderBy(asc(contrastPositions.pos)),

    contrastFabrics: (fabricGroups: readonly string[], tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(contrastFabrics)
        .where(inArray(contrastFabrics.fabricGroup, [...fabricGroups]))
        .orderBy(asc(contrastFabrics.pos)),
  };
}
