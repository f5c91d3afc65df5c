import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  idempotencyKeys,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransfers,
  type BalanceRule,
  type SystemAccount,
  type TransferKind,
} from "../../db/schema/ledger.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

export type Account = typeof ledgerAccounts.$inferSelect;
export type Transfer = typeof ledgerTransfers.$inferSelect;
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/**
 * The ledger's queries. Each method ends with `tx?: Transaction` and runs on it when given, else on
 * the database the repository was made with (the ledger's service makes it with the caller's
 * transaction); the service decides what is locked and in which order.
 */
export function ledgerRepository(db: Db) {
  return {
    async memberAccount(memberId: number, currency: string, tx?: Transaction): Promise<Account | undefined> {
      const [row] = await executorOf(db, tx)
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.currency, currency)));
      return row;
    },

    async systemAccount(system: SystemAccount, currency: string, tx?: Transaction): Promise<Account | undefined> {
      const [row] = await executorOf(db, tx)
        .select()
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.system, system),
            eq(ledgerAccounts.currency, currency),
            isNull(ledgerAccounts.memberId),
          ),
        );
      return row;
    },

    /** Creates the account unless it exists (a concurrent creator waits for the first one's commit). */
    async insertAccount(
      account: {
        memberId?: number;
        system?: SystemAccount;
        currency: string;
        rule: BalanceRule;
        overdraftLimitCents: number;
      },
      tx?: Transaction,
    ): Promise<void> {
      await executorOf(db, tx)
        .insert(ledgerAccounts)
        .values({
          memberId: account.memberId ?? null,
          system: account.system ?? null,
          currency: account.currency,
          rule: account.rule,
          overdraftLimitCents: account.overdraftLimitCents,
        })
        .onConflictDoNothing();
    },

    async updateRule(accountId: number, rule: BalanceRule, overdraftLimitCents: number, tx?: Transaction) {
      await executorOf(db, tx)
        .update(ledgerAccounts)
        .set({ rule, overdraftLimitCents })
        .where(eq(ledgerAccounts.id, accountId));
    },

    /**
     * Locks the accounts FOR UPDATE in ascending id order (the sort runs below the row locks), so that
     * two transfers between the same accounts in opposite directions wait for each other instead of
     * deadlocking.
     */
    async lockAccounts(ids: number[], tx?: Transaction): Promise<Account[]> {
      return executorOf(db, tx)
        .select()
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, ids))
        .orderBy(asc(ledgerAccounts.id))
        .for("update");
    },

    /** Adds `deltaCents` to a (locked) account's balance; returns the balance after. */
    async addToBalance(accountId: number, deltaCents: number, tx?: Transaction): Promise<number> {
      const [row] = await executorOf(db, tx)
        .update(ledgerAccounts)
        .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${deltaCents}` })
        .where(eq(ledgerAccounts.id, accountId))
        .returning({ balanceCents: ledgerAccounts.balanceCents });
      return row!.balanceCents;
    },

    async transfer(id: number, tx?: Transaction): Promise<Transfer | undefined> {
      const [row] = await executorOf(db, tx).select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id));
      return row;
    },

    async transferByKey(debitAccountId: number, key: string, tx?: Transaction): Promise<Transfer | undefined> {
      const [row] = await executorOf(db, tx)
        .select()
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.debitAccountId, debitAccountId), eq(ledgerTransfers.idempotencyKey, key)));
      return row;
    },

    /** The latest transfer of `kind` and `reference` out of the account that nothing reversed yet. */
    async unreversedTransfer(
      debitAccountId: number,
      kind: TransferKind,
      reference: string,
      tx?: Transaction,
    ): Promise<Transfer | undefined> {
      const rows = await executorOf(db, tx)
        .select()
        .from(ledgerTransfers)
        .where(
          and(
            eq(ledgerTransfers.debitAccountId, debitAccountId),
            eq(ledgerTransfers.kind, kind),
            eq(ledgerTransfers.reference, reference),
          ),
        )
        .orderBy(sql`${ledgerTransfers.id} desc`);
      for (const row of rows) if (!(await this.reversalOf(row.id, tx))) return row;
      return undefined;
    },

    async reversalOf(transferId: number, tx?: Transaction): Promise<Transfer | undefined> {
      const [row] = await executorOf(db, tx)
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.reversesTransferId, transferId));
      return row;
    },

    /** Writes the transfer and its two postings (one statement for both postings; a trigger copies the kind onto them too). */
    async insertTransfer(
      transfer: Omit<typeof ledgerTransfers.$inferInsert, "id" | "createdAt">,
      balancesAfter: { debit: number; credit: number },
      tx?: Transaction,
    ): Promise<number> {
      const executor = executorOf(db, tx);
      const [row] = await executor.insert(ledgerTransfers).values(transfer).returning({ id: ledgerTransfers.id });
      const transferId = row!.id;
      await executor.insert(ledgerPostings).values([
        {
          transferId,
          accountId: transfer.debitAccountId,
          side: "debit",
          kind: transfer.kind,
          amountCents: -transfer.amountCents,
          currency: transfer.currency,
          balanceAfterCents: balancesAfter.debit,
        },
        {
          transferId,
          accountId: transfer.creditAccountId,
          side: "credit",
          kind: transfer.kind,
          amountCents: transfer.amountCents,
          currency: transfer.currency,
          balanceAfterCents: balancesAfter.credit,
        },
      ]);
      return transferId;
    },

    // Idempotency keys of requests ------------------------------------------------------------------

    async idempotencyKey(memberId: number, key: string, tx?: Transaction): Promise<IdempotencyRow | undefined> {
      const [row] = await executorOf(db, tx)
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
      return row;
    },

    /**
     * Claims the key for this transaction: true when this transaction inserted it. Under PostgreSQL a
     * second claimer of the same key waits here until the first one commits (then false) or rolls back
     * (then it claims the key itself).
     */
    async claimIdempotencyKey(
      row: { memberId: number; key: string; operation: string; fingerprint: string },
      tx?: Transaction,
    ): Promise<boolean> {
      const inserted = await executorOf(db, tx)
        .insert(idempotencyKeys)
        .values(row)
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return inserted.length === 1;
    },

    async storeIdempotentResponse(memberId: number, key: string, response: unknown, tx?: Transaction) {
      await executorOf(db, tx)
        .update(idempotencyKeys)
        .set({ response })
        .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
    },
  };
}
