import { ORDER_STATUS, ORDER_TYPE } from "../../../domain/ids.ts";

/** CART-054: my order shows 10 a page by default, with 20, 40, 60 and 80 to choose from. */
export const PENDING_PAGE_SIZES = [10, 20, 40, 60, 80] as const;
export type PendingPageSize = (typeof PENDING_PAGE_SIZES)[number];
export const DEFAULT_PENDING_PAGE_SIZE: PendingPageSize = 10;

/** CART-024: my order lists the orders pending review unless the filter names another status. */
export const DEFAULT_PENDING_STATUS = ORDER_STATUS.pending;

/**
 * What the address of /myOrder holds (CART-004, CART-006): the page, its size and the order filter of
 * spec 002 §3 (status, order type, size category, garment category, dates on the order date, and the
 * member whose orders are shown). Every field is optional: an absent one is the default.
 */
export interface PendingSearch {
  page?: number;
  size?: number;
  status?: number;
  orderType?: number;
  sizeCategoryId?: number;
  clothId?: number;
  /** YYYY-MM-DD, on the order date. */
  start?: string;
  end?: string;
  /** The member filter: the account itself or one of its sub-accounts (whose orders are read-only). */
  userId?: number;
  /** PROD-022: a comma list of the caller's label ids; an order carrying one of them matches. */
  labelIds?: string;
  /** From a lookup that redirected here, or a link: one order by its code or customer order code. */
  orderNum?: string;
  /** CART-010: "all" shows the second list (every status, no selection); absent, the pending list. */
  list?: "all";
  /** CART-010: the second list's keyword (order code, customer order code or customer name). */
  keyWord?: string;
}

/** The two views of my order: pending review (CART-024) and all of the caller's orders (CART-010). */
export type MyOrderView = "pending" | "all";
export const viewOf = (search: PendingSearch): MyOrderView => (search.list === "all" ? "all" : "pending");

/** The filter fields of the modal (the rest of the search is paging). */
export type PendingFilter = Pick<
  PendingSearch,
  "status" | "orderType" | "sizeCategoryId" | "clothId" | "start" | "end" | "userId" | "labelIds"
>;

export const FILTER_FIELDS = [
  "status",
  "orderType",
  "sizeCategoryId",
  "clothId",
  "start",
  "end",
  "userId",
  "labelIds",
] as const satisfies readonly (keyof PendingFilter)[];

/** The page size the address names when it is one of the offered sizes, else the default (CART-054). */
export const pageSizeOf = (search: PendingSearch): PendingPageSize =>
  PENDING_PAGE_SIZES.find((size) => size === search.size) ?? DEFAULT_PENDING_PAGE_SIZE;

/** The filter part of a search, without its empty fields. */
export function filterOf(search: PendingSearch): PendingFilter {
  const filter: PendingFilter = {};
  for (const key of FILTER_FIELDS) if (search[key] !== undefined) Object.assign(filter, { [key]: search[key] });
  return filter;
}

/** How many filter fields are set (the badge on the Filter button). */
export const activeFilterCount = (search: PendingSearch) => Object.keys(filterOf(search)).length;

type OrderTypeId = (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE];
const ORDER_TYPES: readonly number[] = Object.values(ORDER_TYPE);
/** D-02: a stored order type, or undefined for any other number (an old or typed link). */
const orderTypeOf = (type: number): OrderTypeId | undefined =>
  ORDER_TYPES.includes(type) ? (type as OrderTypeId) : undefined;

/**
 * The query of the list and of the export (getOrderCartList, exportOrderList; CART-056): the pending
 * list is type 4 with its default status 10371 (CART-024); the second list is type 3, every status
 * unless the filter names one, narrowed by its keyword (CART-010). Both take the one order of `orderNum`.
 */
export function listFilterQuery(search: PendingSearch) {
  const { orderType, ...filter } = filterOf(search);
  const all = viewOf(search) === "all";
  const keyWord = search.keyWord?.trim();
  return {
    type: all ? (3 as const) : (4 as const),
    ...filter,
    ...(orderType !== undefined ? { orderType: orderTypeOf(orderType) } : {}),
    ...(all ? {} : { status: filter.status ?? DEFAULT_PENDING_STATUS }),
    ...(all && keyWord ? { keyWord: keyWord.slice(0, 50) } : {}),
    ...(search.orderNum ? { orderNum: search.orderNum } : {}),
  };
}
