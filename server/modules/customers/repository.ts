import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likePattern } from "../../db/like.ts";
import { customerSizes, customerSpecials, customers } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/**
 * What the keyword search reads: name, nickname, phone and e-mail joined by spaces. A keyword has no
 * whitespace (wordsOf splits on it), so it matches this text exactly when it matches one of the four.
 * Migration 0039_customer_search_trgm indexes this very expression (trigram GIN): keep the two the same,
 * the separator written in the SQL (never a parameter), or the planner cannot use the index.
 */
export const customerSearchText = sql`(${customers.custName} || ' ' || ${customers.shortName} || ' ' || ${customers.phone} || ' ' || ${customers.email})`;

/** The account's customers whose name, nickname, phone or e-mail contains every word (any case). */
export const customerMatch = (memberId: number, words: readonly string[]): SQL =>
  and(eq(customers.memberId, memberId), ...words.map((word) => sql`${customerSearchText} ilike ${likePattern(word)}`))!;

/** How many customers a match holds, as a scalar sub-select (one statement with the page it counts). */
export const customerCount = (match: SQL) =>
  sql<number>`(select count(*) from ${customers} where ${match})`.mapWith(Number);

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

    /**
     * The account's customers whose name, nickname, phone or email contains every word, with how many
     * match: one statement. The rows come from the trigram index (or the account's b-tree in name order),
     * the total from its own count beside them (no window count over every match).
     */
    search: (memberId: number, words: readonly string[], limit: number, tx?: Transaction) => {
      const match = customerMatch(memberId, words);
      return executorOf(db, tx)
        .select({ customer: customers, total: customerCount(match) })
        .from(customers)
        .where(match)
        .orderBy(asc(customers.custName), asc(customers.id))
        .limit(limit);
    },

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
