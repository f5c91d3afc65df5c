import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categoryPrices, crafts, fabrics, linings } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/** What prices are made of: a category's make price and fabric usage, linings, fabrics, the account's factor. */
export function pricingRepository(db: Db) {
  return {
    async categoryPrice(categoryId: number, orderType: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select()
        .from(categoryPrices)
        .where(and(eq(categoryPrices.categoryId, categoryId), eq(categoryPrices.orderType, orderType)));
      return row;
    },

    async lining(categoryId: number, orderType: number, code: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select()
        .from(linings)
        .where(and(eq(linings.categoryId, categoryId), eq(linings.orderType, orderType), eq(linings.code, code)));
      return row;
    },

    /** A fabric's price per metre by its (normalised) code. */
    async fabricPrice(fabricCode: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ pricePerMeterCents: fabrics.pricePerMeterCents })
        .from(fabrics)
        .where(eq(fabrics.fabricCode, fabricCode));
      return row;
    },

    /** The names of crafts, for the lines of an itemised price. */
    async craftNames(ids: readonly number[], tx?: Transaction) {
      if (ids.length === 0) return [];
      return executorOf(db, tx)
        .select({ id: crafts.id, enName: crafts.enName, zhName: crafts.zhName })
        .from(crafts)
        .where(inArray(crafts.id, [...ids]));
    },
  };
}
