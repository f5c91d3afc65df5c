import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { memberSettings, members, topUpRequests } from "../../db/schema.ts";
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
  noLimitCents: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The account centre's and the sub-accounts' queries (issue 22). Figures come from the ledger's
 * postings in one statement (grouped per child account, `ledger_postings_account_idx`); nothing here
 * stores money.
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
        Pick<typeof memberSettings.$inferInsert, "enabled" | "noLimit" | "headAttachmentId" | "monthlyLimitCents">
      >,
      tx?: Transaction,
    ) {
      await executorOf(db, tx)
        .insert(memberSettings)
        .values({ memberId, ...values, updatedAt: new Date() })
        .onConflictDoUpdate({ target: memberSettings.memberId, set: { ...values, updatedAt: new Date() } });
    },

    /** The main account's children by username (a part of it, case-insensitive), each with its ledger figures: one statement. */
    async children(parentId: number, currency: string, search: string, tx?: Transaction): Promise<ChildFigures[]> {
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
          coalesce(f.no_limit, 0)::bigint as "noLimitCents"
        from members m
        left join member_settings s on s.member_id = m.id
        left join ledger_accounts a on a.member_id = m.id and a.currency = ${currency}
        left join lateral (
          select
            sum(case when t.kind = 'sub_recharge' then p.amount_cents else 0 end) as recharged,
            sum(case when t.kind in ('sub_take_back_all', 'sub_take_back') then -p.amount_cents else 0 end) as taken_back,
            sum(case when t.kind in ('order', 'refund') then -p.amount_cents else 0 end) as used,
            sum(case when t.kind = 'sub_no_limit' then p.amount_cents
                     when t.kind = 'reversal' and r.kind = 'sub_no_limit' then p.amount_cents else 0 end) as no_limit
          from ledger_postings p
          join ledger_transfers t on t.id = p.transfer_id
          left join ledger_transfers r on r.id = t.reverses_transfer_id
          where p.account_id = a.id
        ) f on true
        where m.parent_id = ${parentId} and m.username ilike ${like}
        order by m.id`);
      return rowsOf<ChildFigures>(result).map((row) => ({
        ...row,
        balanceCents: Number(row.balanceCents),
        rechargedCents: Number(row.rechargedCents),
        takenBackCents: Number(row.takenBackCents),
        usedCents: Number(row.usedCents),
        noLimitCents: Number(row.noLimitCents),
        monthlyLimitCents: row.monthlyLimitCents === null ? null : Number(row.monthlyLimitCents),
      }));
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
