import { and, asc, eq, ilike, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likePattern } from "../../db/like.ts";
import { categoryEmbOptions, embOptions } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/** The embroidery (monogram) options and which categories offer them. */
export function embroideryRepository(db: Db) {
  return {
    /** A category's options in display order; of one type and matching the keywords (names, code) when given. */
    optionsOf: (query: { category: number; type?: string; keywords?: string }, tx?: Transaction) =>
      executorOf(db, tx)
        .select({ option: embOptions })
        .from(categoryEmbOptions)
        .innerJoin(embOptions, eq(embOptions.id, categoryEmbOptions.optionId))
        .where(
          and(
            eq(categoryEmbOptions.categoryId, query.category),
            query.type === undefined ? undefined : eq(embOptions.type, query.type),
            query.keywords
              ? or(
                  ilike(embOptions.enName, likePattern(query.keywords)),
                  ilike(embOptions.zhName, likePattern(query.keywords)),
                  ilike(embOptions.code, likePattern(query.keywords)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(embOptions.pos)),
  };
}
