import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  banners,
  categories,
  categoryEmbOptions,
  contrastSites,
  crafts,
  dictSystem,
  linings,
} from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/** Reads of the seeded catalogue: banners, system dictionaries, garment categories, linings. */
export function catalogueRepository(db: Db) {
  return {
    banners: (tx?: Transaction) =>
      executorOf(db, tx)
        .select({ id: banners.id, imagePath: banners.imagePath })
        .from(banners)
        .orderBy(asc(banners.pos)),

    dictEntries: (category: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(dictSystem)
        .where(eq(dictSystem.category, category))
        .orderBy(asc(dictSystem.pos)),

    async dictEntry(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(dictSystem).where(eq(dictSystem.id, id));
      return row;
    },

    async category(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(categories).where(eq(categories.id, id));
      return row;
    },

    async categoryExists(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, id));
      return row !== undefined;
    },

    /** Every category in display order; of one order way (7 simple, 8 professional) when given. */
    categories: (orderWay?: 7 | 8, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(categories)
        .where(
          orderWay === undefined
            ? undefined
            : orderWay === 7
              ? eq(categories.simpleOrder, true)
              : eq(categories.professionalOrder, true),
        )
        .orderBy(asc(categories.pos)),

    /** The top-level craft groups of every category. */
    craftGroups: (tx?: Transaction) =>
      executorOf(db, tx)
        .select({
          id: crafts.id,
          categoryId: crafts.categoryId,
          code: crafts.code,
          enName: crafts.enName,
          zhName: crafts.zhName,
          kind: crafts.kind,
          chooseType: crafts.chooseType,
        })
        .from(crafts)
        .where(isNull(crafts.parentId))
        .orderBy(asc(crafts.pos)),

    async categoriesWithEmbroidery(tx?: Transaction) {
      const rows = await executorOf(db, tx)
        .selectDistinct({ id: categoryEmbOptions.categoryId })
        .from(categoryEmbOptions);
      return new Set(rows.map((r) => r.id));
    },

    async categoriesWithContrast(tx?: Transaction) {
      const rows = await executorOf(db, tx).selectDistinct({ id: contrastSites.categoryId }).from(contrastSites);
      return new Set(rows.map((r) => r.id));
    },

    linings: (categoryId: number, orderType: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(linings)
        .where(and(eq(linings.categoryId, categoryId), eq(linings.orderType, orderType)))
        .orderBy(asc(linings.pos)),
  };
}
