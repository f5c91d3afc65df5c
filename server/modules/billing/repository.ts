import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { alias, type PgSelect, type SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { likePattern } from "../../db/like.ts";
import { categories, members, orders } from "../../db/schema.ts";
import { ledgerAccounts, ledgerPostings, ledgerTransfers, type TransferKind } from "../../db/schema/ledger.ts";
import { ORDER_KINDS } from "../../../domain/billing.ts";

/**
 * The billing ledger's reads (issue 22): the postings of the caller's accounts, read from the ledger in
 * one statement a page (the columns needed, the order a movement paid for, who was on the other side,
 * and a capped count of what matches). Whose postings may be read is part of every statement (`scope`):
 * the caller itself and, for a main account, its sub-accounts; a memberId outside that matches nothing.
 *
 * Paging at scale (100,000 movements of a family): a page first picks its posting ids alone, newest
 * first, from the postings of the family's accounts (their ids resolved once per statement, an array;
 * one member's account as one value): one account's through `ledger_postings_account_created_idx`
 * (in the order of the sort, stopping at the page), or `ledger_postings_account_kind_created_idx` for a
 * deal item of one kind (the kind is the posting's own, copied from its transfer), the family's through
 * `ledger_postings_created_idx` (the sort itself, the account and the kind in the index); only the page's rows are
 * then joined to what they show. The count reads at most `COUNT_WINDOW` rows past the page: exact when
 * fewer match, else `capped` (the pager says "more than").
 */

/** What a page filters on, already checked by the service. Dates are YYYY-MM-DD (UTC days). */
export interface DealFilter {
  /** The caller: its own postings and, when it is a main account, its sub-accounts'. */
  callerId: number;
  /** Only this account's (the caller or one of its sub-accounts). */
  memberId?: number;
  /** Only the sub-accounts' postings (the allocation details), never the caller's own as a main account. */
  subAccountsOnly?: boolean;
  kinds?: readonly TransferKind[];
  dealFrom?: string;
  /** The day after the last day. */
  dealBefore?: string;
  keyword?: string;
  deliveryFrom?: string;
  deliveryTo?: string;
  transferId?: number;
}

/** The other account of the transfer (who the money came from or went to) and its member. */
const counter = alias(ledgerAccounts, "counter");
const counterMember = alias(members, "counter_member");

const rowColumns = {
  id: ledgerPostings.id,
  transferId: ledgerPostings.transferId,
  amountCents: ledgerPostings.amountCents,
  balanceAfterCents: ledgerPostings.balanceAfterCents,
  currency: ledgerPostings.currency,
  createdAt: ledgerPostings.createdAt,
  kind: ledgerTransfers.kind,
  reference: ledgerTransfers.reference,
  memberId: members.id,
  username: members.username,
  counterUsername: counterMember.username,
  counterSystem: counter.system,
  orderId: orders.id,
  orderCode: orders.orderCode,
  custName: orders.custName,
  categoryEn: categories.enName,
  categoryZh: categories.zhName,
  imagePath: categories.imagePath,
  fabricCode: orders.fabricCode,
  amount: orders.amount,
  remark: orders.remark,
};

const day = (d: string) => sql`${d}::date::timestamptz`;

/** Whose postings the caller may read: its own and its sub-accounts' (the allocations: the sub-accounts' only). */
const scopeOf = (f: DealFilter) =>
  f.subAccountsOnly
    ? // a main account's sub-accounts, or a sub-account itself
      or(eq(members.parentId, f.callerId), and(eq(members.id, f.callerId), isNotNull(members.parentId)))
    : or(eq(members.id, f.callerId), eq(members.parentId, f.callerId));

/**
 * The most rows a page's count reads past the page (50 pages of 20): a total up to there is exact; at it,
 * the answer says the count is capped.
 */
export const COUNT_WINDOW = 1000;

function conditionsOf(f: DealFilter): SQL | undefined {
  return and(
    scopeOf(f),
    f.memberId === undefined ? undefined : eq(members.id, f.memberId),
    f.kinds === undefined ? undefined : inArray(ledgerTransfers.kind, [...f.kinds]),
    f.dealFrom === undefined ? undefined : gte(ledgerPostings.createdAt, day(f.dealFrom)),
    f.dealBefore === undefined ? undefined : lt(ledgerPostings.createdAt, day(f.dealBefore)),
    f.transferId === undefined ? undefined : eq(ledgerPostings.transferId, f.transferId),
    f.deliveryFrom === undefined ? undefined : gte(orders.deliveryDate, f.deliveryFrom),
    f.deliveryTo === undefined ? undefined : lte(orders.deliveryDate, f.deliveryTo),
    f.keyword === undefined
      ? undefined
      : or(
          ilike(ledgerTransfers.reference, likePattern(f.keyword)),
          ilike(orders.custName, likePattern(f.keyword)),
          ilike(orders.remark, likePattern(f.keyword)),
          ilike(counterMember.username, likePattern(f.keyword)),
        ),
  );
}

/** What every row shows joined to its posting: the account, the member, the transfer, who was on the other side, the order. */
const withJoins = <Q extends PgSelect>(q: Q) =>
  q
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(members, eq(members.id, ledgerAccounts.memberId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerPostings.transferId))
    .innerJoin(
      counter,
      eq(
        counter.id,
        sql`case when ${ledgerPostings.side} = 'debit' then ${ledgerTransfers.creditAccountId} else ${ledgerTransfers.debitAccountId} end`,
      ),
    )
    .leftJoin(counterMember, eq(counterMember.id, counter.memberId))
    .leftJoin(
      orders,
      and(eq(orders.orderCode, ledgerTransfers.reference), inArray(ledgerTransfers.kind, [...ORDER_KINDS])),
    )
    .leftJoin(categories, eq(categories.id, orders.categoryId));

export function billingRepository(db: Db) {
  /**
   * The ids of the postings that match, unsorted and unpaged: the family's accounts as an array resolved
   * once (an index reads the postings of those accounts in the order of the sort; a deal item is the
   * posting's own kind), joined to the rest only for a keyword or delivery dates.
   */
  const idsOf = (f: DealFilter) => {
    const base = db.select({ pickedId: ledgerPostings.id }).from(ledgerPostings).$dynamic();
    if (f.keyword !== undefined || f.deliveryFrom !== undefined || f.deliveryTo !== undefined)
      return withJoins(base).where(conditionsOf(f));
    const accountIds = db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .innerJoin(members, eq(members.id, ledgerAccounts.memberId))
      .where(scopeOf(f));
    // One member (a member filter): its account in its own currency (the one the balance line and the
    // statement show) as one value, so that the index of the account and the sort reads its postings in
    // order; an array of accounts would leave the planner to walk the family's sort index instead.
    const accountId = db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .innerJoin(members, and(eq(members.id, ledgerAccounts.memberId), eq(ledgerAccounts.currency, members.moneyType)))
      .where(and(scopeOf(f), eq(members.id, f.memberId ?? 0)));
    const where = and(
      f.memberId === undefined
        ? sql`${ledgerPostings.accountId} = any(array(${accountIds}))`
        : sql`${ledgerPostings.accountId} = (${accountId})`,
      f.kinds === undefined ? undefined : inArray(ledgerPostings.kind, [...f.kinds]),
      f.dealFrom === undefined ? undefined : gte(ledgerPostings.createdAt, day(f.dealFrom)),
      f.dealBefore === undefined ? undefined : lt(ledgerPostings.createdAt, day(f.dealBefore)),
      f.transferId === undefined ? undefined : eq(ledgerPostings.transferId, f.transferId),
    );
    return base.where(where);
  };

  /** The postings with what each row shows, filtered (not yet sorted or paged). */
  const rowsOf = <T extends SelectedFields>(extra: T, filter: DealFilter) =>
    withJoins(
      db
        .select({ ...rowColumns, ...extra })
        .from(ledgerPostings)
        .$dynamic(),
    ).where(conditionsOf(filter));

  return {
    /**
     * One page of the movements, newest first, and how many match up to one more than `COUNT_WINDOW`
     * past the page (`counted`), in one statement. `balanceOf`:
     * the balance line's account (its balance now, read in the same statement).
     */
    async page(filter: DealFilter, limit: number, offset: number, balanceOf: number) {
      const picked = idsOf(filter)
        .orderBy(desc(ledgerPostings.createdAt), desc(ledgerPostings.id))
        .limit(limit)
        .offset(offset)
        .as("picked");
      const counted = idsOf(filter)
        .orderBy(desc(ledgerPostings.createdAt), desc(ledgerPostings.id))
        .limit(offset + limit + COUNT_WINDOW + 1)
        .as("counted");
      return withJoins(
        db
          .select({
            ...rowColumns,
            counted: sql<number>`(select count(*) from ${counted})`.mapWith(Number),
            balanceCents: sql<
              number | null
            >`(select b.balance_cents from ${ledgerAccounts} b where b.member_id = ${balanceOf} and b.currency = ${ledgerPostings.currency})`.mapWith(
              Number,
            ),
          })
          .from(picked)
          .innerJoin(ledgerPostings, eq(ledgerPostings.id, picked.pickedId))
          .$dynamic(),
      ).orderBy(desc(ledgerPostings.createdAt), desc(ledgerPostings.id));
    },

    /** How many movements match, up to `cap` (a page past the end: one more than what it shows). */
    async count(filter: DealFilter, cap: number): Promise<number> {
      const counted = idsOf(filter).limit(cap).as("counted");
      const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(counted);
      return row?.n ?? 0;
    },

    /** Every movement that matches, newest first, at most `limit` (the export). */
    async all(filter: DealFilter, limit: number) {
      return rowsOf({}, filter).orderBy(desc(ledgerPostings.createdAt), desc(ledgerPostings.id)).limit(limit);
    },

    /** One account's movements in a range, oldest first, at most `limit` (a statement). */
    async inOrder(filter: DealFilter, limit: number) {
      return rowsOf({}, filter).orderBy(asc(ledgerPostings.createdAt), asc(ledgerPostings.id)).limit(limit);
    },

    /**
     * The account the balance line or a statement is about (the caller or one of its sub-accounts), with
     * its balance now and its balance before `before` (the last posting before that moment; 0 when none).
     */
    async account(callerId: number, memberId: number, before?: string) {
      const opening =
        before === undefined
          ? sql<null>`null`
          : sql<
              number | null
            >`(select p.balance_after_cents from ${ledgerPostings} p where p.account_id = ${ledgerAccounts.id} and p.created_at < ${day(before)} order by p.created_at desc, p.id desc limit 1)`.mapWith(
              Number,
            );
      const [row] = await db
        .select({
          memberId: members.id,
          username: members.username,
          currency: members.moneyType,
          balanceCents: ledgerAccounts.balanceCents,
          openingCents: opening,
        })
        .from(members)
        .leftJoin(
          ledgerAccounts,
          and(eq(ledgerAccounts.memberId, members.id), eq(ledgerAccounts.currency, members.moneyType)),
        )
        .where(and(eq(members.id, memberId), or(eq(members.id, callerId), eq(members.parentId, callerId))));
      return row;
    },
  };
}

/** A movement as a page, the export and a statement read it. */
export type DealRow = Awaited<ReturnType<ReturnType<typeof billingRepository>["all"]>>[number];
