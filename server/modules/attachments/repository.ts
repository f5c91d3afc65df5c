import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attachments } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/** Uploaded pictures, stored in the database. */
export function attachmentsRepository(db: Db) {
  return {
    async insert(row: typeof attachments.$inferInsert, tx?: Transaction) {
      await executorOf(db, tx).insert(attachments).values(row);
    },

    async byId(id: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(attachments).where(eq(attachments.id, id));
      return row;
    },
  };
}
