import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likePattern } from "../../db/like.ts";
import { customerSizes, customerSpecials, customers } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/** The accounts' customers with their stored measurements and posture choices. */
export function customersRepository(db: Db) {
  return {
    /** A customer of the account (another account's customer is not found). */
    async ownCustomer(memberId: number, customerId: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select()
        .from(customers)
        .where(and(eq(customers.id, customerId), eq(customers.memberId, memberId)));
      return row;
    },

    /** The account's customers whose name, nickname, phone or email contains every word; with the total. */
    search: (memberId: number, words: readonly string[], limit: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select({ customer: customers, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(customers)
        .where(
          and(
            eq(customers.memberId, memberId),
            ...words.map((word) =>
              or(
                ilike(customers.custName, likePattern(word)),
                ilike(customers.shortName, likePattern(word)),
                ilike(customers.phone, likePattern(word)),
                ilike(customers.email, likePattern(word)),
              ),
            ),
          ),
        )
        .orderBy(asc(customers.custName), asc(customers.id))
        .limit(limit),

    sizesOf: (customerIds: readonly number[], tx?: Transaction) =>
      customerIds.length === 0
        ? Promise.resolve([])
        : executorOf(db, tx)
            .select()
            .from(customerSizes)
            .where(inArray(customerSizes.customerId, [...customerIds]))
            .orderBy(asc(customerSizes.categoryId), asc(customerSizes.partId)),

    specialsOf: (customerIds: readonly number[], tx?: Transaction) =>
      customerIds.length === 0
        ? Promise.resolve([])
        : executorOf(db, tx)
            .select()
            .from(customerSpecials)
            .where(inArray(customerSpecials.customerId, [...customerIds]))
            .orderBy(asc(customerSpecials.specId)),
  };
}
