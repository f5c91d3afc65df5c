import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import { translate, type Locale, type MessageKey } from "../../i18n.ts";
import {
  ALLOCATION_KINDS,
  ALLOCATION_TYPES,
  BILLING_PAGE_SIZE,
  DEAL_ITEMS,
  KINDS_OF_DEAL_ITEM,
  dealItemOf,
  isReversedRange,
  signedPrice,
  type AllocationType,
  type DealItem,
} from "../../../domain/billing.ts";
import { formatCents } from "../../../domain/money.ts";
import { COUNT_WINDOW, billingRepository, type DealFilter, type DealRow } from "./repository.ts";

/**
 * The billing ledger and the allocation details (issue 22; 001 §2, §3, §7, §9): every movement of the
 * caller's ledger accounts, and for a main account its sub-accounts', read from the ledger (nothing is
 * stored beside it). Who may read what is in the statement (`DealFilter.callerId`); a memberId outside
 * the caller's family is "not found".
 */

/** Who asks, in which language. */
export interface BillingCaller {
  memberId: number;
  parentId: number | null;
  moneyType: string;
  locale: Locale;
}

/** The filter of memberDeal, its export and the allocation details, as the contract checked it. */
export interface DealQuery {
  pageNum?: number;
  pageSize?: number;
  memberId?: number;
  dealItem?: number;
  dealStart?: string;
  dealEnd?: string;
  keyword?: string;
  keyWord?: string;
  deliveryStart?: string;
  deliveryEnd?: string;
  transferId?: number;
}

/** The most rows an export or a statement holds. */
export const EXPORT_MAX_ROWS = 5000;

const badRequest = (key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError(400, key, params, 400);

/** A day YYYY-MM-DD that exists in the calendar (the contract checked its shape). */
function checkDay(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value)
    throw badRequest("cart.badDate", { field, value });
  return value;
}

/** A date range whose start is not after its end. */
function checkRange(from: [string, string | undefined], to: [string, string | undefined]) {
  const start = checkDay(...from);
  const end = checkDay(...to);
  if (isReversedRange(start, end)) throw badRequest("cart.dateOrder", { field: from[0], other: to[0] });
  return { start, end };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The deal item's name in the caller's language. */
const dealName = (locale: Locale, item: DealItem) => translate(locale, `billing.deal.${item}`);

/** BILL-014, BILL-010: every deal item as {dealItem, name}. */
export const dealItems = (locale: Locale) =>
  DEAL_ITEMS.map((dealItem) => ({ dealItem, name: dealName(locale, dealItem) }));

/** BILL-013, SUB-016: the allocation details' transaction types (3..6) as {dealItem, name}. */
export const transactionTypes = (locale: Locale) =>
  ALLOCATION_TYPES.map((dealItem) => ({ dealItem, name: dealName(locale, dealItem) }));

/** The filter of a query: dates checked, the deal item's kinds; nothing is read. */
function filterOf(caller: BillingCaller, q: DealQuery): DealFilter {
  const deal = checkRange(["dealStart", q.dealStart], ["dealEnd", q.dealEnd]);
  const delivery = checkRange(["deliveryStart", q.deliveryStart], ["deliveryEnd", q.deliveryEnd]);
  const keyword = (q.keyword ?? q.keyWord)?.trim();
  return {
    callerId: caller.memberId,
    memberId: q.memberId,
    kinds: q.dealItem === undefined ? undefined : KINDS_OF_DEAL_ITEM[q.dealItem as DealItem],
    dealFrom: deal.start,
    dealBefore: deal.end === undefined ? undefined : nextDay(deal.end),
    deliveryFrom: delivery.start,
    deliveryTo: delivery.end,
    keyword: keyword ? keyword : undefined,
    transferId: q.transferId,
  };
}

/** A memberId outside the caller's family is "not found" (asked only when nothing was found). */
async function checkMember(db: Db, caller: BillingCaller, memberId: number | undefined) {
  if (memberId === undefined || memberId === caller.memberId) return;
  if (!(await billingRepository(db).account(caller.memberId, memberId)))
    throw notFound("cart.memberNotFound", { id: memberId });
}

/** BILL-006: a movement as a billing row, in the caller's language. */
function billingRowOf(row: DealRow, locale: Locale) {
  const dealItem = dealItemOf(row.kind);
  const isOrder = row.orderId !== null;
  return {
    id: row.id,
    transferId: row.transferId,
    dealItem,
    dealTypeName: dealName(locale, dealItem),
    orderNo: row.orderCode ?? "",
    orderId: row.orderId,
    customerName: row.custName ?? "",
    category: (locale === "zh" ? row.categoryZh : row.categoryEn) ?? "",
    fabric: row.fabricCode ?? "",
    url: row.imagePath ?? "",
    amount: row.amount,
    price: signedPrice(row.amountCents),
    balance: formatCents(row.balanceAfterCents),
    moneyType: row.currency,
    dealDate: row.createdAt.toISOString(),
    remark: isOrder ? (row.remark ?? "") : remarkOf(row, locale),
    memberId: row.memberId,
    username: row.username,
  };
}

/** Who the money of a movement that is not an order's came from or went to. */
function remarkOf(row: DealRow, locale: Locale): string {
  const other =
    row.counterUsername ?? translate(locale, row.counterSystem === "sales" ? "billing.sales" : "billing.topups");
  return translate(locale, row.amountCents > 0 ? "billing.from" : "billing.to", { name: other });
}

/**
 * The total a page answers from what its count read (at most one more than `COUNT_WINDOW` rows past the
 * page, the page's own `offset + size` counted too): exact up to that window; beyond it the window's end,
 * `totalCapped` (more than that many match; the pager offers the pages up to it and a later page counts
 * again from further on).
 */
function totalOf(counted: number, offset: number, size: number) {
  const cap = offset + size + COUNT_WINDOW;
  return counted > cap ? { total: cap, totalCapped: true } : { total: counted, totalCapped: false };
}

/** The page size asked for (the contract checked it), 20 by default (BILL-015, SUB-043). */
const pageSizeOf = (q: DealQuery) => q.pageSize ?? BILLING_PAGE_SIZE;

/**
 * BILL-012: one page of the movements (newest first), how many match, and the balance line (BILL-003)
 * of the account memberId names (else the caller's).
 */
export async function memberDealPage(db: Db, caller: BillingCaller, q: DealQuery) {
  const filter = filterOf(caller, q);
  const size = pageSizeOf(q);
  const offset = ((q.pageNum ?? 1) - 1) * size;
  const balanceOf = q.memberId ?? caller.memberId;
  const repo = billingRepository(db);
  const rows = await repo.page(filter, size, offset, balanceOf);
  let { total, totalCapped } = totalOf(rows[0]?.counted ?? 0, offset, size);
  let balanceCents = rows[0]?.balanceCents ?? null;
  let moneyType = rows[0]?.currency ?? caller.moneyType;
  if (rows.length === 0) {
    await checkMember(db, caller, q.memberId);
    if (offset > 0) ({ total, totalCapped } = totalOf(await repo.count(filter, offset + COUNT_WINDOW + 1), 0, offset));
  }
  if (rows.length === 0 || balanceCents === null) {
    const account = await repo.account(caller.memberId, balanceOf);
    balanceCents = account?.balanceCents ?? 0;
    moneyType = account?.currency ?? moneyType;
  }
  return {
    rows: rows.map((row) => billingRowOf(row, caller.locale)),
    total,
    totalCapped,
    balance: formatCents(balanceCents),
    moneyType,
  };
}

/** SUB-041, SUB-018: one page of the allocations (types 3..6) as the sub-accounts saw them. */
export async function allocationPage(db: Db, caller: BillingCaller, q: DealQuery) {
  const filter: DealFilter = {
    ...filterOf(caller, { dealStart: q.dealStart, dealEnd: q.dealEnd, memberId: q.memberId }),
    subAccountsOnly: true,
    kinds: q.dealItem === undefined ? ALLOCATION_KINDS : KINDS_OF_DEAL_ITEM[q.dealItem as DealItem],
  };
  const size = pageSizeOf(q);
  const offset = ((q.pageNum ?? 1) - 1) * size;
  const repo = billingRepository(db);
  const rows = await repo.page(filter, size, offset, q.memberId ?? caller.memberId);
  let { total, totalCapped } = totalOf(rows[0]?.counted ?? 0, offset, size);
  if (rows.length === 0) {
    await checkMember(db, caller, q.memberId);
    if (offset > 0) ({ total, totalCapped } = totalOf(await repo.count(filter, offset + COUNT_WINDOW + 1), 0, offset));
  }
  return {
    rows: rows.map((row) => {
      const type = dealItemOf(row.kind) as AllocationType;
      return {
        id: row.id,
        transferId: row.transferId,
        dealDate: row.createdAt.toISOString(),
        username: row.username,
        memberId: row.memberId,
        type,
        typeName: dealName(caller.locale, type),
        price: signedPrice(row.amountCents),
        balance: formatCents(row.balanceAfterCents),
        moneyType: row.currency,
        orderNo: row.orderCode ?? "",
        orderId: row.orderId,
      };
    }),
    total,
    totalCapped,
  };
}

/** The billing rows under the filter (no paging, at most EXPORT_MAX_ROWS), for the spreadsheet. */
export async function exportDeals(db: Db, caller: BillingCaller, q: DealQuery) {
  const filter = filterOf(caller, q);
  const rows = await billingRepository(db).all(filter, EXPORT_MAX_ROWS);
  if (rows.length === 0) await checkMember(db, caller, q.memberId);
  return rows.map((row) => billingRowOf(row, caller.locale));
}
export type BillingRow = ReturnType<typeof billingRowOf>;

/**
 * A statement of one account (the caller's or, memberId, one of its sub-accounts') for a date range:
 * the balance before its first day, every movement of the range oldest first, the balance after it.
 */
export async function statementOf(
  db: Db,
  caller: BillingCaller,
  q: { memberId?: number; dealStart: string; dealEnd: string },
) {
  const { start, end } = checkRange(["dealStart", q.dealStart], ["dealEnd", q.dealEnd]);
  const memberId = q.memberId ?? caller.memberId;
  const repo = billingRepository(db);
  const account = await repo.account(caller.memberId, memberId, start);
  if (!account) throw notFound("cart.memberNotFound", { id: memberId });
  const rows = await repo.inOrder(
    { callerId: caller.memberId, memberId, dealFrom: start, dealBefore: nextDay(end!) },
    EXPORT_MAX_ROWS + 1,
  );
  if (rows.length > EXPORT_MAX_ROWS) throw badRequest("billing.statementTooLong", { max: EXPORT_MAX_ROWS });
  const openingCents = account.openingCents ?? 0;
  const closingCents = rows.at(-1)?.balanceAfterCents ?? openingCents;
  return {
    username: account.username,
    currency: account.currency,
    start: start!,
    end: end!,
    openingCents,
    closingCents,
    rows: rows.map((row) => billingRowOf(row, caller.locale)),
  };
}
export type Statement = Awaited<ReturnType<typeof statementOf>>;
