import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categoryPrices, consumptionQueries, customers, customerSizes, dictSystem, orders } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/** The consumption queries and the order customer's queries (issue 12). */
export function orderToolsRepository(db: Db) {
  const orderColumns = {
    id: orders.id,
    memberId: orders.memberId,
    orderCode: orders.orderCode,
    orderType: orders.orderType,
    categoryId: orders.categoryId,
    statusId: orders.statusId,
    customerId: orders.customerId,
    custName: orders.custName,
    draft: orders.draft,
    details: orders.details,
    orderCustomer: orders.orderCustomer,
  };
  return {
    /**
     * An order by code of one of `memberIds` (the accounts whose orders the caller may see: its own
     * and, for a main account, its sub-accounts'; the members service says which), else undefined.
     */
    async visibleByCode(memberIds: readonly number[], orderCode: string) {
      const [row] = await db
        .select(orderColumns)
        .from(orders)
        .where(and(eq(orders.orderCode, orderCode), inArray(orders.memberId, [...memberIds])));
      return row;
    },

    /** An order by id of one of `memberIds`, locked FOR UPDATE inside a transaction. */
    async visibleById(memberIds: readonly number[], orderId: number, tx?: Transaction) {
      const query = executorOf(db, tx)
        .select(orderColumns)
        .from(orders)
        .where(and(eq(orders.id, orderId), inArray(orders.memberId, [...memberIds])));
      const [row] = tx ? await query.for("update") : await query;
      return row;
    },

    /** The entries of a system dictionary category. */
    async dictionary(category: number) {
      return db.select().from(dictSystem).where(eq(dictSystem.category, category));
    },

    /** Dictionary entries by id. */
    async dictEntries(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(dictSystem)
        .where(inArray(dictSystem.id, [...ids]));
    },

    /** The catalogue's fabric usage (cm) of some categories, per order type. */
    async fabricUsage(categoryIds: readonly number[]) {
      if (categoryIds.length === 0) return [];
      return db
        .select()
        .from(categoryPrices)
        .where(inArray(categoryPrices.categoryId, [...categoryIds]));
    },

    async customer(customerId: number) {
      const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
      return row;
    },

    /** A customer's stored measurements of some categories. */
    async customerSizes(customerId: number, categoryIds: readonly number[]) {
      if (categoryIds.length === 0) return [];
      return db
        .select()
        .from(customerSizes)
        .where(and(eq(customerSizes.customerId, customerId), inArray(customerSizes.categoryId, [...categoryIds])));
    },

    async insertQuery(values: typeof consumptionQueries.$inferInsert) {
      const [row] = await db.insert(consumptionQueries).values(values).returning();
      return row!;
    },

    /**
     * PROD-042: stores the outcome of a query still in progress (status 1 → 2 or 0). Answers the row,
     * or undefined when another request settled it first (the outcome is stored once).
     */
    async settleQuery(
      id: number,
      outcome: { status: 0 | 2; result?: Record<string, string | number>; error?: string },
    ) {
      const [row] = await db
        .update(consumptionQueries)
        .set(outcome)
        .where(and(eq(consumptionQueries.id, id), eq(consumptionQueries.status, 1)))
        .returning();
      return row;
    },

    /** A consumption query by id. */
    async query(id: number) {
      const [row] = await db.select().from(consumptionQueries).where(eq(consumptionQueries.id, id));
      return row;
    },

    /** The latest consumption query of an order. */
    async latestQuery(orderId: number) {
      const [row] = await db
        .select()
        .from(consumptionQueries)
        .where(eq(consumptionQueries.orderId, orderId))
        .orderBy(desc(consumptionQueries.createdAt), desc(consumptionQueries.id))
        .limit(1);
      return row;
    },

    /** Stores the order's copy of its customer and the name the lists show. */
    async setOrderCustomer(
      orderId: number,
      record: Record<string, string | number | null>,
      custName: string,
      tx: Transaction,
    ) {
      await tx
        .update(orders)
        .set({ orderCustomer: record, custName, updatedAt: new Date() })
        .where(eq(orders.id, orderId));
    },
  };
}

export type ToolsOrderRow = NonNullable<Awaited<ReturnType<ReturnType<typeof orderToolsRepository>["visibleByCode"]>>>;
