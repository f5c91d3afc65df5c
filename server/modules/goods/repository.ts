import { and, asc, eq, like, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { goods, goodsCategories, goodsStock, orderGoods } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

export type GoodsRow = typeof goods.$inferSelect;

/** The mall's queries: each read is one statement (no query per row); stock moves are single atomic updates. */
export function goodsRepository(db: Db) {
  return {
    /** Every category with how many goods it holds (a main category counts its sub-categories' goods). */
    categories() {
      return db
        .select({
          id: goodsCategories.id,
          parentId: goodsCategories.parentId,
          enName: goodsCategories.enName,
          zhName: goodsCategories.zhName,
          goodsSize:
            sql<number>`(select count(*) from ${goods} g where g.category_id = "goods_categories"."id" or g.sub_category_id = "goods_categories"."id")`.mapWith(
              Number,
            ),
        })
        .from(goodsCategories)
        .orderBy(asc(goodsCategories.parentId), asc(goodsCategories.pos));
    },

    /** One page of goods (the words in the lower-cased names and SKU), in catalogue order, with the total. */
    async page(q: { pattern?: string; categoryId?: number; subCategoryId?: number; limit: number; offset: number }) {
      const where = and(
        q.categoryId === undefined ? undefined : eq(goods.categoryId, q.categoryId),
        q.subCategoryId === undefined ? undefined : eq(goods.subCategoryId, q.subCategoryId),
        q.pattern === undefined ? undefined : like(goods.searchText, sql`lower(${q.pattern})`),
      );
      const rows = await db
        .select({
          id: goods.id,
          enName: goods.enName,
          zhName: goods.zhName,
          sku: goods.sku,
          colors: goods.colors,
          specs: goods.specs,
          priceCents: goods.priceCents,
          categoryId: goods.categoryId,
          subCategoryId: goods.subCategoryId,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(goods)
        .where(where)
        .orderBy(asc(goods.pos))
        .limit(q.limit)
        .offset(q.offset);
      if (rows.length === 0 && q.offset > 0) {
        const [row] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(goods)
          .where(where);
        return { rows, total: row?.n ?? 0 };
      }
      return { rows, total: rows[0]?.total ?? 0 };
    },

    /** A product with its sub-category's names and its stock rows (JSON aggregated), in one statement. */
    async detail(id: number) {
      const [row] = await db
        .select({
          good: goods,
          categoryEn: goodsCategories.enName,
          categoryZh: goodsCategories.zhName,
          stock: sql<
            Array<{ color: string; spec: string; quantity: number }>
          >`coalesce((select json_agg(json_build_object('color', s.color, 'spec', s.spec, 'quantity', s.quantity) order by s.color, s.spec) from ${goodsStock} s where s.good_id = ${goods.id}), '[]'::json)`,
        })
        .from(goods)
        .innerJoin(goodsCategories, eq(goodsCategories.id, goods.subCategoryId))
        .where(eq(goods.id, id));
      return row;
    },

    async byId(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(goods).where(eq(goods.id, id));
      return row;
    },

    /** How many of a colour and size are in stock (undefined when the product has no such row). */
    async stockOf(goodId: number, color: string, spec: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ quantity: goodsStock.quantity })
        .from(goodsStock)
        .where(and(eq(goodsStock.goodId, goodId), eq(goodsStock.color, color), eq(goodsStock.spec, spec)));
      return row?.quantity;
    },

    /**
     * Takes `quantity` from the stock in one statement, only when that many are there: two buyers of the
     * last item cannot both get it (the second finds the row changed and too few left). Returns whether it took.
     */
    async take(goodId: number, color: string, spec: string, quantity: number, tx: Transaction): Promise<boolean> {
      const rows = await tx
        .update(goodsStock)
        .set({ quantity: sql`${goodsStock.quantity} - ${quantity}` })
        .where(
          and(
            eq(goodsStock.goodId, goodId),
            eq(goodsStock.color, color),
            eq(goodsStock.spec, spec),
            sql`${goodsStock.quantity} >= ${quantity}`,
          ),
        )
        .returning({ quantity: goodsStock.quantity });
      return rows.length === 1;
    },

    async giveBack(goodId: number, color: string, spec: string, quantity: number, tx: Transaction) {
      await tx
        .update(goodsStock)
        .set({ quantity: sql`${goodsStock.quantity} + ${quantity}` })
        .where(and(eq(goodsStock.goodId, goodId), eq(goodsStock.color, color), eq(goodsStock.spec, spec)));
    },

    async insertOrderGoods(values: typeof orderGoods.$inferInsert, tx: Transaction) {
      await tx.insert(orderGoods).values(values);
    },

    /** The product line of a goods order, locked in the transaction. */
    async orderLine(orderId: number, tx: Transaction) {
      const [row] = await tx.select().from(orderGoods).where(eq(orderGoods.orderId, orderId)).for("update");
      return row;
    },

    async setTaken(orderId: number, takenQuantity: number, tx: Transaction) {
      await tx.update(orderGoods).set({ takenQuantity }).where(eq(orderGoods.orderId, orderId));
    },

    /** The product of a goods order with its names (the order's details). */
    async orderProduct(orderId: number) {
      const [row] = await db
        .select({
          line: orderGoods,
          good: goods,
          categoryEn: goodsCategories.enName,
          categoryZh: goodsCategories.zhName,
        })
        .from(orderGoods)
        .innerJoin(goods, eq(goods.id, orderGoods.goodId))
        .innerJoin(goodsCategories, eq(goodsCategories.id, goods.subCategoryId))
        .where(eq(orderGoods.orderId, orderId));
      return row;
    },
  };
}
