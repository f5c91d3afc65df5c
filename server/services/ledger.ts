import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { ledgerEntries, members } from "../db/schema.ts";

/**
 * Moves money on an account: updates the balance and writes the ledger entry. Call it inside the
 * transaction of the change it pays for. The balance column's CHECK keeps it from going negative
 * under concurrency (the UPDATE locks the row).
 */
export async function postLedgerEntry(
  tx: Db,
  entry: { memberId: number; amountCents: number; kind: string; reference?: string },
): Promise<number> {
  if (!Number.isInteger(entry.amountCents)) throw new Error("ledger amounts are integer cents");
  const [row] = await tx
    .update(members)
    .set({ balanceCents: sql`${members.balanceCents} + ${entry.amountCents}` })
    .where(eq(members.id, entry.memberId))
    .returning({ balanceCents: members.balanceCents });
  if (!row) throw new Error(`no member ${entry.memberId}`);
  await tx.insert(ledgerEntries).values({
    memberId: entry.memberId,
    amountCents: entry.amountCents,
    balanceAfterCents: row.balanceCents,
    kind: entry.kind,
    reference: entry.reference,
  });
  return row.balanceCents;
}
