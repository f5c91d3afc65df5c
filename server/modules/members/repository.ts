import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { memberAuthorities, members } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/**
 * The accounts' queries: an account, its sub-accounts and their authorities. Each method ends with
 * `tx?: Transaction` and runs on it when given. Other modules reach these through `members/service.ts`.
 */
export function membersRepository(db: Db) {
  return {
    /** The account with this username (sign-in), password hash included. */
    async byUsername(username: string, tx?: Transaction) {
      const [member] = await executorOf(db, tx).select().from(members).where(eq(members.username, username));
      return member;
    },

    /** The account's price factor (percent) and currency. */
    async pricing(memberId: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ factor: members.priceFactorPct, moneyType: members.moneyType })
        .from(members)
        .where(eq(members.id, memberId));
      return row;
    },

    /** The account and its sub-accounts (a sub-account has none), the account first. */
    async family(memberId: number, tx?: Transaction) {
      return executorOf(db, tx)
        .select({ id: members.id, username: members.username, parentId: members.parentId })
        .from(members)
        .where(or(eq(members.id, memberId), eq(members.parentId, memberId)))
        .orderBy(sql`${members.parentId} is not null`, asc(members.id));
    },

    /** The account's authorities of one type (MENU, ACTION) in display order. */
    authorities(memberId: number, authorityType: string, tx?: Transaction) {
      return executorOf(db, tx)
        .select({ code: memberAuthorities.code, name: memberAuthorities.name })
        .from(memberAuthorities)
        .where(and(eq(memberAuthorities.memberId, memberId), eq(memberAuthorities.authorityType, authorityType)))
        .orderBy(asc(memberAuthorities.pos));
    },

    async hasAuthority(memberId: number, authorityType: string, code: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ code: memberAuthorities.code })
        .from(memberAuthorities)
        .where(
          and(
            eq(memberAuthorities.memberId, memberId),
            eq(memberAuthorities.authorityType, authorityType),
            eq(memberAuthorities.code, code),
          ),
        );
      return row !== undefined;
    },
  };
}
