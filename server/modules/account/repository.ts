import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { memberSettings, members, topUpRequests } from "../../db/schema.ts";
import type { TransferKind } from "../../db/schema/ledger.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/** One row of the sub-account screen: the child and its figures, all read from the ledger (cents). */
export interface ChildFigures {
  id: number;
  username: string;
  enabled: boolean;
  noLimit: boolean;
  monthlyLimitCents: number | null;
  balanceCents: number;
  rechargedCents: number;
  takenBackCents: number;
  usedCents: number;
  /** Its order payments since the start of the limit's month that were not refunded. */
  spentThisMonthCents: number;
  /** Its orders submitted and waiting for money (pending, 10371). */
  reservedCents: number;
  /** Its last five movements, newest first. */
  recent: RecentMovement[];
}

/** One movement of a child's account as its card lists it (the last five). */
export interface RecentMovement {
  id: number;
  transferId: number;
  kind: TransferKind;
  amountCents: number;
  balanceAfterCents: number;
  reference: string | null;
  createdAt: Date;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * What an account paid for orders since `since` and was not refunded (cents): the monthly limit's one rule,
 * read by the payment's check (`spentSince`) and by the cards (`children`) alike. Only the postings since
 * then, through `ledger_postings_account_created_idx` (the account and the date).
 */
const spentSinceSql = (accountId: SQL, since: Date) => sql`(
  select coalesce(-sum(p.amount_cents), 0)
  from ledger_postings p
  join ledger_transfers t on t.id = p.transfer_id and t.kind = 'order'
  where p.account_id = ${accountId} and p.created_at >= ${since.toISOString()}::timestamptz and p.side = 'debit'
    and not exists (select 1 from ledger_transfers back where back.reverses_transfer_id = t.id))`;

/**
 * The account centre's and the sub-accounts' queries (issue 22). Figures come from the ledger in one
 * statement: balances and the totals per kind the ledger keeps beside them (`ledger_account_totals`), the
 * month's spending from the month's postings only; nothing here stores money.
 */
export function accountRepository(db: Db) {
  return {
    /** ACCT-005: the counters, one statement. Orders: the account's and (main) its children's, the cart left out. */
    async counters(memberId: number, readableIds: number[], savedStatus: number, tx?: Transaction) {
      const ids = sql.join(
        readableIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const result = await executorOf(db, tx).execute(sql`
        select
          (select count(*) from customers where member_id = ${memberId})::int as "customerNum",
          (select count(*) from members where parent_id = ${memberId})::int as "subAccountNum",
          (select count(*) from orders where member_id in (${ids}) and status_id <> ${savedStatus})::int as "orderNum"`);
      return rowsOf<{ customerNum: number; subAccountNum: number; orderNum: number }>(result)[0]!;
    },

    async settings(memberId: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(memberSettings).where(eq(memberSettings.memberId, memberId));
      return row;
    },

    /** Locks the member's settings row (created with the defaults first), so changes to one child run one at a time. */
    async lockSettings(memberId: number, tx: Transaction) {
      await tx.insert(memberSettings).values({ memberId }).onConflictDoNothing();
      const [row] = await tx.select().from(memberSettings).where(eq(memberSettings.memberId, memberId)).for("update");
      return row!;
    },

    async updateSettings(
      memberId: number,
      values: Partial<
        Pick<
          typeof memberSettings.$inferInsert,
          "enabled" | "noLimit" | "headAttachmentId" | "monthlyLimitCents" | "timeZone"
        >
      >,
      tx?: Transaction,
    ) {
      await executorOf(db, tx)
        .insert(memberSettings)
        .values({ memberId, ...values, updatedAt: new Date() })
        .onConflictDoUpdate({ target: memberSettings.memberId, set: { ...values, updatedAt: new Date() } });
    },

    /**
     * The main account's children by username (a part of it, case-insensitive), each with its ledger figures
     * (its balance and its totals per kind of transfer, no scan of its movements), what it spent since
     * `monthStart` (`spentSinceSql`: the postings since then), what its pending orders reserve and its last
     * five movements: one statement (each child's postings through `ledger_postings_account_created_idx`,
     * no query per child).
     */
    async children(
      parentId: number,
      currency: string,
      search: string,
      opts: { monthStart: Date; pendingStatus: number; onlyId?: number },
      tx?: Transaction,
    ): Promise<ChildFigures[]> {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const result = await executorOf(db, tx).execute(sql`
        select m.id, m.username,
          coalesce(s.enabled, true) as enabled,
          coalesce(s.no_limit, false) as "noLimit",
          s.monthly_limit_cents as "monthlyLimitCents",
          coalesce(a.balance_cents, 0)::bigint as "balanceCents",
          coalesce(f.recharged, 0)::bigint as "rechargedCents",
          coalesce(f.taken_back, 0)::bigint as "takenBackCents",
          coalesce(f.used, 0)::bigint as "usedCents",
          ${spentSinceSql(sql`a.id`, opts.monthStart)}::bigint as "spentThisMonthCents",
          coalesce(o.reserved, 0)::bigint as "reservedCents",
          coalesce(rc.recent, '[]'::json) as recent
        from members m
        left join member_settings s on s.member_id = m.id
        left join ledger_accounts a on a.member_id = m.id and a.currency = ${currency}
        left join lateral (
          select
            coalesce(sum(k.amount_cents) filter (where k.kind = 'sub_recharge'), 0) as recharged,
            -coalesce(sum(k.amount_cents) filter (where k.kind in ('sub_take_back_all', 'sub_take_back')), 0) as taken_back,
            -coalesce(sum(k.amount_cents) filter (where k.kind in ('order', 'refund')), 0) as used
          from ledger_account_totals k
          where k.account_id = a.id
        ) f on true
        left join lateral (
          select sum(price_cents) as reserved from orders
          where member_id = m.id and status_id = ${opts.pendingStatus}
        ) o on true
        left join lateral (
          select json_agg(json_build_object(
              'id', x.id, 'transferId', x.transfer_id, 'kind', x.kind, 'amountCents', x.amount_cents,
              'balanceAfterCents', x.balance_after_cents, 'reference', x.reference, 'createdAt', x.created_at
            ) order by x.created_at desc, x.id desc) as recent
          from (
            select p.id, p.transfer_id, t.kind, p.amount_cents, p.balance_after_cents, t.reference, p.created_at
            from ledger_postings p
            join ledger_transfers t on t.id = p.transfer_id
            where p.account_id = a.id
            order by p.created_at desc, p.id desc
            limit 5
          ) x
        ) rc on true
        where m.parent_id = ${parentId} and m.username ilike ${like}
          ${opts.onlyId === undefined ? sql`` : sql`and m.id = ${opts.onlyId}`}
        order by m.id`);
      return rowsOf<ChildFigures>(result).map((row) => ({
        ...row,
        balanceCents: Number(row.balanceCents),
        rechargedCents: Number(row.rechargedCents),
        takenBackCents: Number(row.takenBackCents),
        usedCents: Number(row.usedCents),
        spentThisMonthCents: Number(row.spentThisMonthCents),
        reservedCents: Number(row.reservedCents),
        recent: (row.recent as Array<RecentMovement & { createdAt: string }>).map((movement) => ({
          ...movement,
          id: Number(movement.id),
          transferId: Number(movement.transferId),
          amountCents: Number(movement.amountCents),
          balanceAfterCents: Number(movement.balanceAfterCents),
          createdAt: new Date(movement.createdAt),
        })),
        monthlyLimitCents: row.monthlyLimitCents === null ? null : Number(row.monthlyLimitCents),
      }));
    },

    /**
     * The member's settings row locked for the rest of `tx` (undefined when it has none: the defaults, no
     * limit). A payment of a child with a monthly limit holds it, so its payments are checked one at a time.
     */
    async lockExistingSettings(memberId: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select()
        .from(memberSettings)
        .where(eq(memberSettings.memberId, memberId))
        .for("update");
      return row;
    },

    /** What the member's account paid for orders since `since` and was not refunded (cents, from the ledger). */
    async spentSince(memberId: number, currency: string, since: Date, tx?: Transaction): Promise<number> {
      const account = sql`(select a.id from ledger_accounts a where a.member_id = ${memberId} and a.currency = ${currency})`;
      const result = await executorOf(db, tx).execute(sql`select ${spentSinceSql(account, since)}::bigint as spent`);
      return Number(rowsOf<{ spent: string | number }>(result)[0]!.spent);
    },

    /** What the member's orders submitted and waiting for money reserve (cents). */
    async reservedCents(memberId: number, pendingStatus: number, tx?: Transaction): Promise<number> {
      const result = await executorOf(db, tx).execute(sql`
        select coalesce(sum(price_cents), 0)::bigint as reserved from orders
        where member_id = ${memberId} and status_id = ${pendingStatus}`);
      return Number(rowsOf<{ reserved: string | number }>(result)[0]!.reserved);
    },

    /** A member by username with its parent (the status switch names the child by username). */
    async byUsername(username: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ id: members.id, username: members.username, parentId: members.parentId })
        .from(members)
        .where(eq(members.username, username));
      return row;
    },

    async byId(memberId: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({
          id: members.id,
          username: members.username,
          parentId: members.parentId,
          passwordHash: members.passwordHash,
        })
        .from(members)
        .where(eq(members.id, memberId));
      return row;
    },

    async setPasswordHash(memberId: number, passwordHash: string, tx?: Transaction) {
      await executorOf(db, tx).update(members).set({ passwordHash }).where(eq(members.id, memberId));
    },

    /** Revokes every live token family of the member except `keepFamilyId` (null: all of them). */
    async revokeFamilies(memberId: number, reason: string, keepFamilyId: number | null, tx?: Transaction) {
      await executorOf(db, tx).execute(sql`
        update token_families set revoked_at = now(), revoked_reason = ${reason}
        where member_id = ${memberId} and revoked_at is null and id <> ${keepFamilyId ?? -1}`);
    },

    async insertTopUp(memberId: number, amountCents: number, currency: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .insert(topUpRequests)
        .values({ memberId, amountCents, currency })
        .returning();
      return row!;
    },

    /** The member's own top-up request, locked in `tx`. */
    async lockTopUp(memberId: number, id: number, tx: Transaction) {
      const [row] = await tx
        .select()
        .from(topUpRequests)
        .where(and(eq(topUpRequests.id, id), eq(topUpRequests.memberId, memberId)))
        .for("update");
      return row;
    },

    async confirmTopUp(id: number, transferId: number, tx: Transaction) {
      const [row] = await tx
        .update(topUpRequests)
        .set({ status: "confirmed", transferId, confirmedAt: new Date() })
        .where(eq(topUpRequests.id, id))
        .returning();
      return row!;
    },
  };
}
