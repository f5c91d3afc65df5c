import type { Db } from "../../db/client.ts";
import type { Transaction } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import type { MessageKey } from "../../i18n.ts";
import { membersRepository } from "./repository.ts";

/**
 * The accounts (issue 19 §4): an account, its sub-accounts and their authorities. A main account has
 * no parent and may read (never change) its sub-accounts' orders; a sub-account has no sub-accounts.
 * Other modules ask these functions, never the repository.
 */

// Authorities ---------------------------------------------------------------------------------------

/**
 * Authorities that allow an action rather than show a menu entry (type ACTION; `GET
 * admin/memberdetail/getMemberAuthority` answers MENU ones). QO-164: an account may lack the
 * permission to modify; ORDER_EDIT lets it change its saved or pending orders.
 */
export const ACTION = "ACTION";
export const ORDER_EDIT = "ORDER_EDIT";

/** True when the account holds the ACTION authority (what a list tells the page as `isEdit`). */
export const hasAuthority = (db: Db, memberId: number, code: typeof ORDER_EDIT): Promise<boolean> =>
  membersRepository(db).hasAuthority(memberId, ACTION, code);

/** Refuses (code 1004, translated, nothing changes) unless the account holds the ACTION authority. */
export async function requireAuthority(db: Db, memberId: number, code: typeof ORDER_EDIT): Promise<void> {
  if (!(await hasAuthority(db, memberId, code))) throw new AppError(1004, "order.noEditPermission");
}

/**
 * Issue 23: refuses (code 1004, `key`, nothing changes) unless the account holds the MENU authority `code`
 * (a main account holds every one; a sub-account those its main account gave it).
 */
export async function requireMenuAuthority(db: Db, memberId: number, code: string, key: MessageKey): Promise<void> {
  if (!(await membersRepository(db).hasAuthority(memberId, "MENU", code))) throw new AppError(1004, key);
}

/** SHELL-108, SHELL-122: the account's authorities of one type (MENU by default), each with its code. */
export const menuAuthorities = (db: Db, memberId: number, authorityType: string) =>
  membersRepository(db).authorities(memberId, authorityType);

// The account ---------------------------------------------------------------------------------------

/** The account signing in as `username` (with its password hash), or undefined. */
export const memberByUsername = (db: Db, username: string, tx?: Transaction) =>
  membersRepository(db).byUsername(username, tx);

/** The account's price factor (percent) and currency, or undefined for an unknown account. */
export const memberPricing = (db: Db, memberId: number, tx?: Transaction) =>
  membersRepository(db).pricing(memberId, tx);

/** The account's own currency (`members.money_type`), or undefined for an unknown account. */
export async function memberCurrency(db: Db, memberId: number, tx?: Transaction): Promise<string | undefined> {
  return (await memberPricing(db, memberId, tx))?.moneyType;
}

// Sub-accounts --------------------------------------------------------------------------------------

/** The account and the accounts it may look at: a main account's sub-accounts (read-only to it). */
export async function familyOf(db: Db, memberId: number, tx?: Transaction) {
  const rows = await membersRepository(db).family(memberId, tx);
  const self = rows.find((row) => row.id === memberId);
  const subs = self?.parentId === null ? rows.filter((row) => row.parentId === memberId) : [];
  return { self, subs, subIds: new Set(subs.map((row) => row.id)) };
}

/** The accounts whose orders the account may read: itself and, for a main account, its sub-accounts. */
export async function readableMemberIds(db: Db, memberId: number, tx?: Transaction): Promise<number[]> {
  const { subs } = await familyOf(db, memberId, tx);
  return [memberId, ...subs.map((row) => row.id)];
}

/**
 * SUB-037, PROD-026: `GET pc/member/findAllSubAccount`: the account's sub-accounts, with the account
 * itself first when `containsSelf` (isContainsSelf 1); a sub-account gets only itself (or nothing).
 */
export async function findAllSubAccount(db: Db, memberId: number, containsSelf: boolean) {
  const { self, subs } = await familyOf(db, memberId);
  return [...(containsSelf && self ? [self] : []), ...subs].map(({ id, username }) => ({ id, username }));
}
