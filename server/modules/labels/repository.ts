import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { labels, orderLabels, orders } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/** The labels of an account and the labels orders carry (issue 12). */
export function labelsRepository(db: Db) {
  return {
    /** The member's labels of one type, oldest first. */
    async list(memberId: number, type: string, tx?: Transaction) {
      return executorOf(db, tx)
        .select({ id: labels.id, content: labels.content, color: labels.color, type: labels.type })
        .from(labels)
        .where(and(eq(labels.memberId, memberId), eq(labels.type, type)))
        .orderBy(asc(labels.id));
    },

    /** How many labels the member has (every type). */
    async countOf(memberId: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select({ n: count() }).from(labels).where(eq(labels.memberId, memberId));
      return Number(row?.n ?? 0);
    },

    async insert(memberId: number, label: { content: string; color: string; type: string }, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .insert(labels)
        .values({ memberId, ...label })
        .returning({ id: labels.id, content: labels.content, color: labels.color, type: labels.type });
      return row!;
    },

    /** The labels of `ids` that belong to the member. */
    async owned(memberId: number, ids: readonly number[], tx?: Transaction) {
      if (ids.length === 0) return [];
      return executorOf(db, tx)
        .select({ id: labels.id })
        .from(labels)
        .where(and(eq(labels.memberId, memberId), inArray(labels.id, [...ids])));
    },

    /** Deletes the member's label (the cascade takes it off every order); how many orders carried it, or null when it is not the member's. */
    async remove(memberId: number, id: number, tx: Transaction) {
      const [carried] = await tx.select({ n: count() }).from(orderLabels).where(eq(orderLabels.labelId, id));
      const deleted = await tx
        .delete(labels)
        .where(and(eq(labels.id, id), eq(labels.memberId, memberId)))
        .returning({ id: labels.id });
      return deleted.length === 0 ? null : Number(carried?.n ?? 0);
    },

    /**
     * An order's code and its account (any account's: the service decides), the order's row locked so
     * two edits of its labels run one after the other.
     */
    async lockOrder(orderId: number, tx: Transaction) {
      const [row] = await tx
        .select({ id: orders.id, orderCode: orders.orderCode, memberId: orders.memberId })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update");
      return row;
    },

    /** Replaces the labels an order carries. */
    async replaceOrderLabels(orderId: number, labelIds: readonly number[], tx: Transaction) {
      await tx.delete(orderLabels).where(eq(orderLabels.orderId, orderId));
      if (labelIds.length > 0) await tx.insert(orderLabels).values(labelIds.map((labelId) => ({ orderId, labelId })));
    },

    /** The labels the orders carry, by order id, each list in the order of the label ids. */
    async ofOrders(orderIds: readonly number[], tx?: Transaction) {
      if (orderIds.length === 0) return [];
      return executorOf(db, tx)
        .select({ orderId: orderLabels.orderId, id: labels.id, content: labels.content, color: labels.color })
        .from(orderLabels)
        .innerJoin(labels, eq(labels.id, orderLabels.labelId))
        .where(inArray(orderLabels.orderId, [...orderIds]))
        .orderBy(asc(orderLabels.orderId), asc(labels.id));
    },
  };
}
