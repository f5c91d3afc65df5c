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

/**
 * One page of the account's customers that contain every word, by name, and how many match: the `cut`
 * (page_id, page_name) and the `total` for one statement that joins the page to the columns it needs,
 * with the `withs` it must declare. Without words, the page is cut from the account's b-tree in name order
 * (member, name, id: an index-only walk that stops at the page's end) and the total is an index-only count.
 * With words, the matches are read once, from the trigram index, and the page and the total both come from
 * that read: walking the name order and filtering each row stops early only when the matches come early in
 * it, and reads most of the book for a late one (PostgreSQL 15, 10,000 customers: "Bench Zhang 1" 19.3 ms
 * before, 3.6 ms so; "Müller" 5.5 and 2.0; a word that every customer has, the worst case, 8.9 to 15.3
 * before and 9.5 to 12.3 so).
 */
export function customerPageCut(
  executor: Db,
  memberId: number,
  words: readonly string[],
  limit: number,
  offset: number,
) {
  const match = customerMatch(memberId, words);
  const matching = executor.$with("matching").as(
    executor
      .select({
        matchId: sql<number>`${customers.id}`.as("match_id"),
        matchName: sql<string>`${customers.custName}`.as("match_name"),
      })
      .from(customers)
      .where(match),
  );
  const cut = executor
    .select({
      pageId: sql<number>`${matching.matchId}`.as("page_id"),
      pageName: sql<string>`${matching.matchName}`.as("page_name"),
    })
    .from(matching)
    .orderBy(asc(matching.matchName), asc(matching.matchId))
    .limit(limit)
    .offset(offset)
    .as("page");
  // Without words the CTE is read once, so PostgreSQL folds it into the page (the index walk), and the
  // total counts the account's entries by itself; with words it is read twice, so it is materialised.
  const total =
    words.length === 0
      ? sql<number>`(select count(*) from ${customers} where ${match})`.mapWith(Number)
      : sql<number>`(select count(*) from ${matching})`.mapWith(Number);
  return { withs: [matching], cut, total };
}

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
     * The account's first customers by name whose name, nickname, phone or email contains every word, with
     * how many match: one statement (`customerPageCut`).
     */
    search: (memberId: number, words: readonly string[], limit: number, tx?: Transaction) => {
      const executor = executorOf(db, tx);
      const { withs, cut, total } = customerPageCut(executor, memberId, words, limit, 0);
      return executor
        .with(...withs)
        .select({ customer: customers, total })
        .from(cut)
        .innerJoin(customers, eq(customers.id, cut.pageId))
        .orderBy(asc(cut.pageName), asc(cut.pageId));
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
