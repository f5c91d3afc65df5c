import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dictSystem, members, orders } from "../../db/schema.ts";

/**
 * The orders' SQL. Each function takes the database or the caller's transaction as its first
 * argument; the service decides what runs in one transaction and what is locked.
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderValues = Omit<typeof orders.$inferInsert, "id" | "memberId" | "orderCode">;

/** The account's price factor and currency. */
export async function memberPricing(
  db: Db,
  memberId: number,
): Promise<{ factor: number; moneyType: string } | undefined> {
  const [member] = await db
    .select({ factor: members.priceFactorPct, moneyType: members.moneyType })
    .from(members)
    .where(eq(members.id, memberId));
  return member;
}

/** An order of the account (undefined for another account's), locked FOR UPDATE when `lock`. */
export async function findOwnOrder(
  db: Db,
  memberId: number,
  orderId: number,
  lock = false,
): Promise<OrderRow | undefined> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.memberId, memberId)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The next number of `order_code_seq`, as text. */
export async function nextOrderNumber(db: Db): Promise<string> {
  const result = await db.execute(sql`select nextval('order_code_seq')::text as n`);
  return (result as unknown as { rows: Array<{ n: string }> }).rows[0]!.n;
}

export async function insertOrder(
  db: Db,
  values: OrderValues & { memberId: number; orderCode: string },
): Promise<number> {
  const [row] = await db.insert(orders).values(values).returning({ id: orders.id });
  return row!.id;
}

export async function updateOrder(db: Db, orderId: number, values: OrderValues): Promise<void> {
  await db.update(orders).set(values).where(eq(orders.id, orderId));
}

/** How many of the account's orders are in each of `statuses`. */
export async function countByStatus(
  db: Db,
  memberId: number,
  statuses: readonly number[],
): Promise<Array<{ statusId: number; n: number }>> {
  const rows = await db
    .select({ statusId: orders.statusId, n: count() })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), inArray(orders.statusId, [...statuses])))
    .groupBy(orders.statusId);
  return rows.map((row) => ({ statusId: row.statusId, n: Number(row.n) }));
}

export async function findDictEntry(db: Db, id: number) {
  const [row] = await db.select().from(dictSystem).where(eq(dictSystem.id, id));
  return row;
}
