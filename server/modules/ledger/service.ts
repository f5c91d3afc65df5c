import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import type { BalanceRule, SystemAccount, TransferKind } from "../../db/schema/ledger.ts";
import { memberCurrency } from "../members/service.ts";
import { transferMessages } from "../messages/service.ts";
import { ledgerRepository } from "./repository.ts";
import { ledgerTransfers } from "../../metrics.ts";
import type { Account, Transfer } from "./repository.ts";

/**
 * The double-entry ledger (README.md beside this file). Every movement of money is `transfer`: two
 * postings under one transfer id, in the caller's transaction. A refusal the business expects (the
 * balance rule, a reused idempotency key, a second reversal ...) is a value `{ ok: false, reason }`,
 * never an exception; exceptions are faults (the database), and roll the caller's transaction back.
 */

export type { Account, Transfer } from "./repository.ts";
export type { BalanceRule, SystemAccount, TransferKind } from "../../db/schema/ledger.ts";

export interface TransferInput {
  /** The account the money leaves (its balance goes down). */
  debitAccountId: number;
  /** The account the money goes to (its balance goes up). */
  creditAccountId: number;
  /** Integer cents, > 0. */
  amountCents: number;
  /** Must be the currency of both accounts. */
  currency: string;
  /** What the movement is (TRANSFER_KINDS): "order", "topup", "opening", "refund", "reversal". */
  kind: TransferKind;
  /** What it is for, e.g. the order code. */
  reference?: string | null;
  /**
   * Optional, unique per debit account: a transfer repeated with the same key and the same fields
   * returns the first one (`replayed: true`) and moves nothing; with other fields it is refused.
   */
  idempotencyKey?: string | null;
  /** Set by `reverse`: the transfer this one undoes (a transfer is reversed at most once). */
  reversesTransferId?: number | null;
}

export type TransferRefusal =
  /** The debit account's balance rule does not allow it (`availableCents` is what it could pay). */
  | { ok: false; reason: "insufficient"; availableCents: number }
  | {
      ok: false;
      reason:
        | "invalid_amount"
        | "same_account"
        | "account_not_found"
        | "currency_mismatch"
        | "idempotency_conflict"
        | "transfer_not_found"
        | "already_reversed";
    };

export type TransferResult =
  | { ok: true; transferId: number; replayed: boolean; debitBalanceCents: number; creditBalanceCents: number }
  | TransferRefusal;

/** Whether `db` is a transaction (a plain boolean, so that `db` keeps its type). */
const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

const refuse = (reason: Exclude<TransferRefusal["reason"], "insufficient">): TransferRefusal => ({ ok: false, reason });

/** The lowest balance the account's rule allows (-Infinity when unbounded). */
function floorOf(account: Pick<Account, "rule" | "overdraftLimitCents">): number {
  switch (account.rule) {
    case "unbounded":
      return Number.NEGATIVE_INFINITY;
    case "overdraft":
      return -account.overdraftLimitCents;
    default:
      return 0;
  }
}

const sameTransfer = (earlier: Transfer, input: TransferInput) =>
  earlier.creditAccountId === input.creditAccountId &&
  earlier.amountCents === input.amountCents &&
  earlier.currency === input.currency &&
  earlier.kind === input.kind &&
  (earlier.reference ?? null) === (input.reference ?? null) &&
  (earlier.reversesTransferId ?? null) === (input.reversesTransferId ?? null);

/**
 * Moves `amountCents` from the debit account to the credit account. Call it inside the transaction
 * of the change it pays for: both accounts are locked FOR UPDATE in id order (so opposite transfers
 * cannot deadlock) until that transaction ends, and the balance rule is checked on the locked rows.
 */
export async function transfer(tx: Db, input: TransferInput): Promise<TransferResult> {
  // Locks last until the transaction ends: outside one, the transfer makes its own.
  if (!isTransaction(tx)) return tx.transaction(async (own) => transfer(own, input));
  const result = await lockedTransfer(tx, input);
  ledgerTransfers.inc({ kind: input.kind, outcome: result.ok ? (result.replayed ? "replayed" : "ok") : result.reason });
  return result;
}

async function lockedTransfer(tx: Db, input: TransferInput): Promise<TransferResult> {
  const repo = ledgerRepository(tx);
  const { amountCents } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return refuse("invalid_amount");
  if (input.debitAccountId === input.creditAccountId) return refuse("same_account");
  const locked = await repo.lockAccounts([input.debitAccountId, input.creditAccountId]);
  const debit = locked.find((a) => a.id === input.debitAccountId);
  const credit = locked.find((a) => a.id === input.creditAccountId);
  if (!debit || !credit) return refuse("account_not_found");
  if (debit.currency !== input.currency || credit.currency !== input.currency) return refuse("currency_mismatch");
  // Looked at under the locks: an earlier transfer with the key has committed by now.
  if (input.idempotencyKey) {
    const earlier = await repo.transferByKey(debit.id, input.idempotencyKey);
    if (earlier) {
      if (!sameTransfer(earlier, input)) return refuse("idempotency_conflict");
      return {
        ok: true,
        transferId: earlier.id,
        replayed: true,
        debitBalanceCents: debit.balanceCents,
        creditBalanceCents: credit.balanceCents,
      };
    }
  }
  if (input.reversesTransferId != null && (await repo.reversalOf(input.reversesTransferId))) {
    return refuse("already_reversed");
  }
  const debitAfter = debit.balanceCents - amountCents;
  const creditAfter = credit.balanceCents + amountCents;
  if (debitAfter < floorOf(debit)) {
    return { ok: false, reason: "insufficient", availableCents: Math.max(0, debit.balanceCents - floorOf(debit)) };
  }
  if (!Number.isSafeInteger(debitAfter) || !Number.isSafeInteger(creditAfter)) return refuse("invalid_amount");
  const balances = {
    debit: await repo.addToBalance(debit.id, -amountCents),
    credit: await repo.addToBalance(credit.id, amountCents),
  };
  const transferId = await repo.insertTransfer(
    {
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      amountCents,
      currency: input.currency,
      kind: input.kind,
      reference: input.reference ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      reversesTransferId: input.reversesTransferId ?? null,
    },
    balances,
  );
  // Issue 25: each member account it moves gets its message, in this transaction, once per transfer.
  await transferMessages(tx, {
    transferId,
    kind: input.kind,
    amountCents,
    currency: input.currency,
    reference: input.reference ?? null,
    debit: { memberId: debit.memberId, balanceAfterCents: balances.debit },
    credit: { memberId: credit.memberId, balanceAfterCents: balances.credit },
  });
  return {
    ok: true,
    transferId,
    replayed: false,
    debitBalanceCents: balances.debit,
    creditBalanceCents: balances.credit,
  };
}

/**
 * Undoes a transfer with a reversing transfer (credit account back to debit account, same amount),
 * subject to the same balance rule: a reversal the paying account cannot afford is `insufficient`.
 * Nothing is ever updated or deleted; a transfer is reversed at most once.
 */
export async function reverse(
  tx: Db,
  transferId: number,
  opts: { kind?: TransferKind; reference?: string | null; idempotencyKey?: string | null } = {},
): Promise<TransferResult> {
  const original = Number.isSafeInteger(transferId) ? await ledgerRepository(tx).transfer(transferId) : undefined;
  if (!original) return refuse("transfer_not_found");
  return transfer(tx, {
    debitAccountId: original.creditAccountId,
    creditAccountId: original.debitAccountId,
    amountCents: original.amountCents,
    currency: original.currency,
    kind: opts.kind ?? "reversal",
    reference: opts.reference === undefined ? original.reference : opts.reference,
    idempotencyKey: opts.idempotencyKey ?? null,
    reversesTransferId: original.id,
  });
}

// Accounts ----------------------------------------------------------------------------------------

/** The rule system accounts are opened with: top-ups bring money in from outside, so they go negative. */
const SYSTEM_RULES: Record<SystemAccount, BalanceRule> = { sales: "non_negative", topups: "unbounded" };

/** The house's account `system` in `currency`, opened on first use. */
export async function systemAccount(tx: Db, system: SystemAccount, currency: string): Promise<Account> {
  const found = await ledgerRepository(tx).systemAccount(system, currency);
  if (found) return found;
  await ledgerRepository(tx).insertAccount({ system, currency, rule: SYSTEM_RULES[system], overdraftLimitCents: 0 });
  return (await ledgerRepository(tx).systemAccount(system, currency))!;
}

/**
 * The member's account in `currency` (by default the member's own currency, `members.money_type`),
 * opened on first use with `rule` (default: never below zero). Sub-accounts have accounts of their own.
 */
export async function memberAccount(
  tx: Db,
  memberId: number,
  opts: { currency?: string; rule?: BalanceRule; overdraftLimitCents?: number } = {},
): Promise<Account | undefined> {
  const currency = opts.currency ?? (await memberCurrency(tx, memberId));
  if (currency === undefined) return undefined;
  const found = await ledgerRepository(tx).memberAccount(memberId, currency);
  if (found) return found;
  await ledgerRepository(tx).insertAccount({
    memberId,
    currency,
    rule: opts.rule ?? "non_negative",
    overdraftLimitCents: opts.overdraftLimitCents ?? 0,
  });
  return ledgerRepository(tx).memberAccount(memberId, currency);
}

/**
 * Changes an account's balance rule (e.g. a "no limit" sub-account later). Refused as `insufficient`
 * when the current balance would break the new rule. Locks the account.
 */
export async function setBalanceRule(
  tx: Db,
  accountId: number,
  rule: BalanceRule,
  overdraftLimitCents = 0,
): Promise<{ ok: true } | TransferRefusal> {
  if (!Number.isSafeInteger(overdraftLimitCents) || overdraftLimitCents < 0) return refuse("invalid_amount");
  const [account] = await ledgerRepository(tx).lockAccounts([accountId]);
  if (!account) return refuse("account_not_found");
  if (account.balanceCents < floorOf({ rule, overdraftLimitCents })) {
    return { ok: false, reason: "insufficient", availableCents: 0 };
  }
  await ledgerRepository(tx).updateRule(accountId, rule, rule === "overdraft" ? overdraftLimitCents : 0);
  return { ok: true };
}

/** A transfer by id (undefined when there is none), e.g. to report what a refund gave back. */
export async function transferById(db: Db, transferId: number): Promise<Transfer | undefined> {
  return Number.isSafeInteger(transferId) ? ledgerRepository(db).transfer(transferId) : undefined;
}

/** A member's balance in its own currency (0 before its account exists). */
export async function memberBalanceCents(db: Db, memberId: number): Promise<number> {
  const currency = await memberCurrency(db, memberId);
  if (currency === undefined) return 0;
  return (await ledgerRepository(db).memberAccount(memberId, currency))?.balanceCents ?? 0;
}

/** Money entering a member's account from outside (a top-up; the seed's opening balances). */
export async function topUp(
  tx: Db,
  memberId: number,
  amountCents: number,
  opts: { kind?: TransferKind; reference?: string | null; idempotencyKey?: string | null } = {},
): Promise<TransferResult> {
  const account = await memberAccount(tx, memberId);
  if (!account) return refuse("account_not_found");
  const source = await systemAccount(tx, "topups", account.currency);
  return transfer(tx, {
    debitAccountId: source.id,
    creditAccountId: account.id,
    amountCents,
    currency: account.currency,
    kind: opts.kind ?? "topup",
    reference: opts.reference ?? null,
    idempotencyKey: opts.idempotencyKey ?? null,
  });
}

/** A member pays the house: member account -> the sales account of the member's currency. */
export async function payForSale(
  tx: Db,
  memberId: number,
  amountCents: number,
  opts: { kind: TransferKind; reference: string; idempotencyKey?: string | null },
): Promise<TransferResult> {
  const account = await memberAccount(tx, memberId);
  if (!account) return refuse("account_not_found");
  const sales = await systemAccount(tx, "sales", account.currency);
  return transfer(tx, {
    debitAccountId: account.id,
    creditAccountId: sales.id,
    amountCents,
    currency: account.currency,
    kind: opts.kind,
    reference: opts.reference,
    idempotencyKey: opts.idempotencyKey ?? null,
  });
}

/**
 * Gives a sale back (an order cancelled after it was paid): the member's latest unreversed payment of
 * `reference` (kind "order", member account → sales) is reversed, sales → the member's account, with
 * kind "refund". `transfer_not_found` when the member never paid it (or it was refunded already); a
 * transfer is reversed at most once (the ledger's unique reversal), so a sale is refunded at most once.
 * Call it in the transaction of the change it pays back.
 */
export async function refundSale(
  tx: Db,
  memberId: number,
  reference: string,
  opts: { kind?: TransferKind } = {},
): Promise<TransferResult> {
  const account = await memberAccount(tx, memberId);
  if (!account) return refuse("account_not_found");
  const payment = await ledgerRepository(tx).unreversedTransfer(account.id, "order", reference);
  if (!payment) return refuse("transfer_not_found");
  return reverse(tx, payment.id, { kind: opts.kind ?? "refund", reference });
}

/**
 * Reverses the latest transfer of `kind` and `reference` out of `debitAccountId` that nothing reversed yet
 * (issue 22: a refunded no-limit order's `sub_no_limit` leg goes back to the main account).
 * `transfer_not_found` when there is none.
 */
export async function reverseUnreversed(
  tx: Db,
  debitAccountId: number,
  kind: TransferKind,
  reference: string,
): Promise<TransferResult> {
  const original = await ledgerRepository(tx).unreversedTransfer(debitAccountId, kind, reference);
  if (!original) return refuse("transfer_not_found");
  return reverse(tx, original.id, { reference });
}
