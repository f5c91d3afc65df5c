import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dictSystem, members, orders } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

export type OrderRow = typeof orders.$inferSelect;
export type OrderValues = Omit<typeof orders.$inferInsert, "id" | "memberId" | "orderCode">;

/**
 * The orders' queries. Each method ends with `tx?: Transaction` and runs on it when given (the
 * service decides what runs in one transaction and what is locked), else on the database.
 */
export function ordersRepository(db: Db) {
  return {
    /** The account's price factor and currency. */
    async memberPricing(memberId: number, tx?: Transaction) {
      const [member] = await executorOf(db, tx)
        .select({ factor: members.priceFactorPct, moneyType: members.moneyType })
        .from(members)
        .where(eq(members.id, memberId));
      return member;
    },

    /** An order of the account (undefined for another account's); locked FOR UPDATE inside a transaction. */
    async ownOrder(memberId: number, orderId: number, tx?: Transaction): Promise<OrderRow | undefined> {
      const query = executorOf(db, tx)
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.memberId, memberId)));
      const [row] = tx ? await query.for("update") : await query;
      return row;
    },

    /** The next number of `order_code_seq`, as text. */
    async nextOrderNumber(tx?: Transaction): Promise<string> {
      const result = await executorOf(db, tx).execute(sql`select nextval('order_code_seq')::text as n`);
      return (result as unknown as { rows: Array<{ n: string }> }).rows[0]!.n;
    },

    async insert(values: OrderValues & { memberId: number; orderCode: string }, tx?: Transaction): Promise<number> {
      const [row] = await executorOf(db, tx).insert(orders).values(values).returning({ id: orders.id });
      return row!.id;
    },

    async update(orderId: number, values: OrderValues, tx?: Transaction): Promise<void> {
      await executorOf(db, tx).update(orders).set(values).where(eq(orders.id, orderId));
    },

    /** How many of the account's orders are in each of `statuses`. */
    async countByStatus(memberId: number, statuses: readonly number[], tx?: Transaction) {
      const rows = await executorOf(db, tx)
        .select({ statusId: orders.statusId, n: count() })
        .from(orders)
        .where(and(eq(orders.memberId, memberId), inArray(orders.statusId, [...statuses])))
        .groupBy(orders.statusId);
      return rows.map((row) => ({ statusId: row.statusId, n: Number(row.n) }));
    },

    async dictEntry(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(dictSystem).where(eq(dictSystem.id, id));
      return row;
    },
  };
}
