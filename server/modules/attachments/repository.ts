import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attachments, members } from "../../db/schema.ts";
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

    /** The account's stored uploads (bytes and files), its member row locked until the transaction ends. */
    async usageForUpdate(memberId: number, tx: Transaction) {
      await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for("update");
      const [row] = await tx
        .select({
          bytes: sql<string>`coalesce(sum(${attachments.size}), 0)`,
          files: sql<string>`count(*)`,
        })
        .from(attachments)
        .where(eq(attachments.memberId, memberId));
      return { bytes: Number(row!.bytes), files: Number(row!.files) };
    },
  };
}
