import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { members } from "./members.ts";

/**
 * The double-entry ledger (issue 8 §6; `server/modules/ledger/README.md`). Money is integer cents.
 * Every movement is a transfer between two accounts of one currency, written as two postings (a
 * debit of -amount on the paying account, a credit of +amount on the receiving one). Transfers and
 * postings are never updated or deleted (database triggers refuse it): a mistake is corrected by a
 * reversing transfer.
 */

/** What an account's balance may do: stay >= 0 (default), go down to -overdraft_limit_cents, or anything. */
export type BalanceRule = "non_negative" | "overdraft" | "unbounded";

/**
 * What a transfer is (`ledger_transfers.kind`, checked by the database): `opening` an opening balance
 * (the seed, migration 0006), `topup` money from outside, `order` a member pays for an order, `refund`
 * a paid order given back (a reversal of its `order`), `reversal` any other transfer undone, `deposit`
 * a top-up the single-entry ledger recorded before migration 0006 (nothing writes it any more).
 * Between a main account and its sub-accounts (the allocation details' transaction types):
 * `sub_recharge` main -> child (type 3), `sub_take_back_all` child -> main, the child's whole allocated
 * balance (type 4), `sub_take_back` child -> main, less than that (type 5), `sub_no_limit` main -> child,
 * the first leg of a no-limit child's payment (type 6). A new kind is added here, and the CHECK changes
 * with a migration (`npm run db:generate`).
 */
export const TRANSFER_KINDS = [
  "opening",
  "topup",
  "order",
  "refund",
  "reversal",
  "deposit",
  "sub_recharge",
  "sub_take_back_all",
  "sub_take_back",
  "sub_no_limit",
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** The house's own accounts, one per currency: where sales are paid to and where top-ups come from. */
export type SystemAccount = "sales" | "topups";

/**
 * An account: a member's (one per member and currency) or a system account (one per name and
 * currency). `balance_cents` is the sum of the account's postings, kept in the same statement set
 * as the postings under the account's row lock; the CHECK repeats the balance rule so that no code
 * path can break it.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id").references(() => members.id),
    system: text("system").$type<SystemAccount>(),
    currency: text("currency").notNull(),
    rule: text("rule").$type<BalanceRule>().notNull().default("non_negative"),
    overdraftLimitCents: bigint("overdraft_limit_cents", { mode: "number" }).notNull().default(0),
    balanceCents: bigint("balance_cents", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_member_currency_key").on(t.memberId, t.currency),
    uniqueIndex("ledger_accounts_system_currency_key").on(t.system, t.currency),
    check("ledger_accounts_owner", sql`(${t.memberId} is null) <> (${t.system} is null)`),
    check("ledger_accounts_system_name", sql`${t.system} is null or ${t.system} in ('sales', 'topups')`),
    check("ledger_accounts_rule_name", sql`${t.rule} in ('non_negative', 'overdraft', 'unbounded')`),
    check("ledger_accounts_overdraft_limit", sql`${t.overdraftLimitCents} >= 0`),
    check(
      "ledger_accounts_balance_rule",
      sql`${t.rule} = 'unbounded' or (${t.rule} = 'non_negative' and ${t.balanceCents} >= 0) or (${t.rule} = 'overdraft' and ${t.balanceCents} >= -${t.overdraftLimitCents})`,
    ),
  ],
);

/**
 * One movement of `amount_cents` (> 0) from the debit account to the credit account. `idempotency_key`
 * (optional) is unique per debit account: the same key with the same transfer returns the first one.
 * `reverses_transfer_id` marks a reversing transfer; a transfer is reversed at most once.
 */
export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    debitAccountId: integer("debit_account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: integer("credit_account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    kind: text("kind").$type<TransferKind>().notNull(),
    reference: text("reference"),
    idempotencyKey: text("idempotency_key"),
    reversesTransferId: bigint("reverses_transfer_id", { mode: "number" }).references(
      (): AnyPgColumn => ledgerTransfers.id,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_transfers_amount_positive", sql`${t.amountCents} > 0`),
    check("ledger_transfers_two_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check("ledger_transfers_kind_name", sql`${t.kind} in (${sql.raw(TRANSFER_KINDS.map((k) => `'${k}'`).join(", "))})`),
    uniqueIndex("ledger_transfers_idempotency_key").on(t.debitAccountId, t.idempotencyKey),
    uniqueIndex("ledger_transfers_reverses_key").on(t.reversesTransferId),
    index("ledger_transfers_reference_idx").on(t.reference),
  ],
);

/**
 * The two postings (entries) of every transfer: the debit (-amount) on the debit account and the
 * credit (+amount) on the credit account, with the account's balance after it.
 */
export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transferId: bigint("transfer_id", { mode: "number" })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: integer("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    side: text("side").$type<"debit" | "credit">().notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    balanceAfterCents: bigint("balance_after_cents", { mode: "number" }).notNull(),
    /**
     * The transfer's kind, copied onto its postings by the database (a trigger on insert, migration
     * `ledger_postings_kind`, sets it from the transfer whatever the insert gave), so that a read filtered
     * by kind (the billing ledger's deal item, the allocation details) finds an account's postings of that
     * kind in an index instead of reading each transfer.
     */
    kind: text("kind").$type<TransferKind>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_postings_transfer_side_key").on(t.transferId, t.side),
    // Issue 22: the billing ledger and the allocation details page an account's postings newest first,
    // filtered by date (memberDeal, allocationDetails): the account, then the sort, in the index. It serves
    // the reads by account alone too (an index on the account alone was dropped as redundant, 0040).
    index("ledger_postings_account_created_idx").on(
      t.accountId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Issue 22 (paging at scale): a family's movements newest first, across its accounts: the sort, then
    // the account, so that a page and its capped count read the index alone.
    // The kind last: a filter by kind is read from the index too.
    index("ledger_postings_created_idx").on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.accountId,
      t.kind,
    ),
    // One account's postings of one kind newest first (a deal item of one member): the page stops at its
    // size even when the kind is rare among the account's movements.
    index("ledger_postings_account_kind_created_idx").on(
      t.accountId,
      t.kind,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check(
      "ledger_postings_side_sign",
      sql`(${t.side} = 'debit' and ${t.amountCents} < 0) or (${t.side} = 'credit' and ${t.amountCents} > 0)`,
    ),
  ],
);

/**
 * What each account's postings sum to per kind of transfer (issue 22: the sub-account cards' allocated
 * and used figures read from here, not from a scan of every movement). Kept like `balance_cents`: a
 * trigger on `ledger_postings` (migration `ledger_account_totals_trigger`) adds each statement's postings
 * in the same transaction, under the transfer's account locks; `expectLedgerInvariants` checks that every
 * row equals the sum of its postings.
 */
export const ledgerAccountTotals = pgTable(
  "ledger_account_totals",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    kind: text("kind").$type<TransferKind>().notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind] })],
);

/**
 * Idempotency keys of money-moving requests (the `Idempotency-Key` header), per member: the request's
 * fingerprint and the response given, stored in the same transaction as what the request changed.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    key: text("key").notNull(),
    operation: text("operation").notNull(),
    fingerprint: text("fingerprint").notNull(),
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
);
