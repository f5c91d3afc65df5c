import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { members } from "../../db/schema.ts";
import {
  idempotencyKeys,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransfers,
  type BalanceRule,
  type SystemAccount,
} from "../../db/schema/ledger.ts";

/**
 * The ledger's SQL. Every function takes the caller's transaction (or the database for a read);
 * the service decides what is locked and in which order.
 */

export type Account = typeof ledgerAccounts.$inferSelect;
export type Transfer = typeof ledgerTransfers.$inferSelect;
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export async function findMemberAccount(db: Db, memberId: number, currency: string): Promise<Account | undefined> {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.currency, currency)));
  return row;
}

export async function findSystemAccount(db: Db, system: SystemAccount, currency: string): Promise<Account | undefined> {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.system, system), eq(ledgerAccounts.currency, currency), isNull(ledgerAccounts.memberId)),
    );
  return row;
}

/** Creates the account unless it exists (a concurrent creator waits for the first one's commit). */
export async function insertAccount(
  tx: Db,
  account: {
    memberId?: number;
    system?: SystemAccount;
    currency: string;
    rule: BalanceRule;
    overdraftLimitCents: number;
  },
): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values({
      memberId: account.memberId ?? null,
      system: account.system ?? null,
      currency: account.currency,
      rule: account.rule,
      overdraftLimitCents: account.overdraftLimitCents,
    })
    .onConflictDoNothing();
}

export async function updateRule(tx: Db, accountId: number, rule: BalanceRule, overdraftLimitCents: number) {
  await tx.update(ledgerAccounts).set({ rule, overdraftLimitCents }).where(eq(ledgerAccounts.id, accountId));
}

/**
 * Locks the accounts FOR UPDATE in ascending id order (the sort runs below the row locks), so that
 * two transfers between the same accounts in opposite directions wait for each other instead of
 * deadlocking.
 */
export async function lockAccounts(tx: Db, ids: number[]): Promise<Account[]> {
  return tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for("update");
}

/** Adds `deltaCents` to a (locked) account's balance; returns the balance after. */
export async function addToBalance(tx: Db, accountId: number, deltaCents: number): Promise<number> {
  const [row] = await tx
    .update(ledgerAccounts)
    .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${deltaCents}` })
    .where(eq(ledgerAccounts.id, accountId))
    .returning({ balanceCents: ledgerAccounts.balanceCents });
  return row!.balanceCents;
}

export async function findTransfer(db: Db, id: number): Promise<Transfer | undefined> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id));
  return row;
}

export async function findTransferByKey(db: Db, debitAccountId: number, key: string): Promise<Transfer | undefined> {
  const [row] = await db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.debitAccountId, debitAccountId), eq(ledgerTransfers.idempotencyKey, key)));
  return row;
}

export async function findReversalOf(db: Db, transferId: number): Promise<Transfer | undefined> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reversesTransferId, transferId));
  return row;
}

/** Writes the transfer and its two postings (one statement for both postings). */
export async function insertTransfer(
  tx: Db,
  transfer: Omit<typeof ledgerTransfers.$inferInsert, "id" | "createdAt">,
  balancesAfter: { debit: number; credit: number },
): Promise<number> {
  const [row] = await tx.insert(ledgerTransfers).values(transfer).returning({ id: ledgerTransfers.id });
  const transferId = row!.id;
  await tx.insert(ledgerPostings).values([
    {
      transferId,
      accountId: transfer.debitAccountId,
      side: "debit",
      amountCents: -transfer.amountCents,
      currency: transfer.currency,
      balanceAfterCents: balancesAfter.debit,
    },
    {
      transferId,
      accountId: transfer.creditAccountId,
      side: "credit",
      amountCents: transfer.amountCents,
      currency: transfer.currency,
      balanceAfterCents: balancesAfter.credit,
    },
  ]);
  return transferId;
}

export async function memberCurrency(db: Db, memberId: number): Promise<string | undefined> {
  const [row] = await db.select({ moneyType: members.moneyType }).from(members).where(eq(members.id, memberId));
  return row?.moneyType;
}

// Idempotency keys of requests --------------------------------------------------------------------

export async function findIdempotencyKey(db: Db, memberId: number, key: string): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
  return row;
}

/**
 * Claims the key for this transaction: true when this transaction inserted it. Under PostgreSQL a
 * second claimer of the same key waits here until the first one commits (then false) or rolls back
 * (then it claims the key itself).
 */
export async function claimIdempotencyKey(
  tx: Db,
  row: { memberId: number; key: string; operation: string; fingerprint: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length === 1;
}

export async function storeIdempotentResponse(tx: Db, memberId: number, key: string, response: unknown) {
  await tx
    .update(idempotencyKeys)
    .set({ response })
    .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
}
