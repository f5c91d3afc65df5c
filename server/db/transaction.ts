import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgQueryResultHKT, PgTransaction, PgTransactionConfig } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";
import type * as schema from "./schema.ts";

/** An open transaction on the database; a transaction is also a `Db`, so every query runs on it unchanged. */
export type Transaction = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

/** What a repository's query runs on: the transaction it was given, else the database. */
export const executorOf = (db: Db, tx?: Transaction): Db => tx ?? db;

/**
 * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Repositories take the
 * transaction as their optional last argument, so several of them write together or not at all.
 */
export function withTransaction<T>(db: Db, work: (tx: Transaction) => Promise<T>, config?: PgTransactionConfig) {
  return db.transaction(work, config);
}
