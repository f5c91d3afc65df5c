import { ORDER_STATUS, ORDER_TYPE } from "../../../domain/ids.ts";
import { PRODUCTION_LIST_STATUSES } from "../../../domain/orderStatus.ts";
import type { OrderListSearch, PendingSearch } from "../../routes/_auth/-orderListSearch.ts";
// the paging module itself, not src/ui/list/index.ts: this module is read without the list views
import { pageSizeOf, type ListPaging } from "../../ui/list/paging.ts";

/**
 * The order lists' address (issue 11 my order, issue 12 under production; 002 §3) is read from the
 * route's schema (src/routes/_auth/-orderListSearch.ts, the one place it is written): the page and its
 * size, the order filter of spec 002 §3 (PROD-022) and the one order a lookup opened (`orderNum`). This
 * module turns it into what the lists ask the server (one list, several configurations).
 */
export type { OrderListSearch, PendingSearch } from "../../routes/_auth/-orderListSearch.ts";

/** The values of the filter's isShip (PROD-022): 0 not shipped, 1 shipped. */
export type ShipState = 0 | 1;
export const SHIP_STATES: readonly ShipState[] = [0, 1];
/** A dict basic code ("0", "1"; PROD-063) as the isShip it stands for, or undefined for any other code. */
export const shipStateOf = (code: string): ShipState | undefined => SHIP_STATES.find((state) => String(state) === code);

/** The page sizes getOrderCartList accepts (CART-054, CART-055). */
export type ListPageSize = 10 | 20 | 40 | 60 | 80;

/** What differs between the lists: the list type of getOrderCartList, the page sizes, a default status. */
export interface OrderListConfig extends ListPaging<ListPageSize> {
  /** getOrderCartList's type: 2 production, 3 all of my orders, 4 pending review. */
  type: 2 | 3 | 4;
  /** The status the list shows when the filter names none (the pending list: 10371, CART-024). */
  defaultStatus?: number;
}

/** The filter fields of the modal (the rest of the search is paging). */
export type OrderListFilter = Pick<
  OrderListSearch,
  | "status"
  | "orderType"
  | "sizeCategoryId"
  | "clothId"
  | "start"
  | "end"
  | "userId"
  | "labelIds"
  | "deliveryDateStart"
  | "deliveryDateEnd"
  | "finalDeliveryDateStart"
  | "finalDeliveryDateEnd"
  | "isShip"
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
  "deliveryDateStart",
  "deliveryDateEnd",
  "finalDeliveryDateStart",
  "finalDeliveryDateEnd",
  "isShip",
] as const satisfies readonly (keyof OrderListFilter)[];

/** The filter part of a search, without its empty fields. */
export function filterOf(search: OrderListSearch): OrderListFilter {
  const filter: OrderListFilter = {};
  for (const key of FILTER_FIELDS) if (search[key] !== undefined) Object.assign(filter, { [key]: search[key] });
  return filter;
}

/** How many filter fields are set (the badge on the Filter button). */
export const activeFilterCount = (search: OrderListSearch) => Object.keys(filterOf(search)).length;

type OrderTypeId = (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE];
const ORDER_TYPES: readonly number[] = Object.values(ORDER_TYPE);
/** D-02: a stored order type, or undefined for any other number (an old or typed link). */
const orderTypeOf = (type: number): OrderTypeId | undefined =>
  ORDER_TYPES.includes(type) ? (type as OrderTypeId) : undefined;

/**
 * The query of a list and of its export (getOrderCartList, exportOrderList; PROD-022, CART-056): the
 * list's type, the filter, the list's default status when the filter names none, and the one order of
 * `orderNum`.
 */
export function listQuery(config: OrderListConfig, search: OrderListSearch) {
  const { orderType, ...filter } = filterOf(search);
  const status = filter.status ?? config.defaultStatus;
  return {
    type: config.type,
    ...filter,
    ...(orderType !== undefined ? { orderType: orderTypeOf(orderType) } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(search.orderNum ? { orderNum: search.orderNum } : {}),
  };
}

// ---- The configurations: my order (pending review, all orders) and under production ----

/** CART-054: my order shows 10 a page by default, with 20, 40, 60 and 80 to choose from. */
export const PENDING_PAGE_SIZES = [10, 20, 40, 60, 80] as const;
export const DEFAULT_PENDING_PAGE_SIZE = 10 as const;

/** CART-024: my order lists the orders pending review unless the filter names another status. */
export const DEFAULT_PENDING_STATUS = ORDER_STATUS.pending;

/** The two views of my order: pending review (CART-024) and all of the caller's orders (CART-010). */
export type MyOrderView = "pending" | "all";
export const viewOf = (search: PendingSearch): MyOrderView => (search.list === "all" ? "all" : "pending");

/** My order's two configurations: pending review (type 4, CART-024) and all orders (type 3, CART-010). */
const MY_ORDER: Record<MyOrderView, OrderListConfig> = {
  pending: {
    type: 4,
    pageSizes: PENDING_PAGE_SIZES,
    defaultPageSize: DEFAULT_PENDING_PAGE_SIZE,
    defaultStatus: DEFAULT_PENDING_STATUS,
  },
  all: { type: 3, pageSizes: PENDING_PAGE_SIZES, defaultPageSize: DEFAULT_PENDING_PAGE_SIZE },
};

/** My order's paging, both views: 10 a page by default, 20/40/60/80 on request (CART-054). */
export const MY_ORDER_PAGING = MY_ORDER.pending;

/** My order's page size: one of the offered sizes, else the default (CART-054). */
export const pendingPageSize = (search: PendingSearch) => pageSizeOf(MY_ORDER.pending, search);

/**
 * My order's list and export query (getOrderCartList, exportOrderList; CART-056): the pending list is
 * type 4 with its default status 10371 (CART-024); the second list is type 3, every status unless the
 * filter names one, narrowed by its keyword (CART-010). Both take the one order of `orderNum`.
 */
export function pendingQuery(search: PendingSearch) {
  const view = viewOf(search);
  const keyWord = search.keyWord?.trim();
  return {
    ...listQuery(MY_ORDER[view], search),
    ...(view === "all" && keyWord ? { keyWord: keyWord.slice(0, 50) } : {}),
  };
}

/** The under-production list (issue 12): type 2, 20 a page with 20/40/60/80 (CART-055), any status it holds. */
export const PRODUCTION_LIST: OrderListConfig = { type: 2, pageSizes: [20, 40, 60, 80], defaultPageSize: 20 };

/** The statuses the production list's filter offers: those the list holds (CART-043). */
export const PRODUCTION_FILTER_STATUSES = PRODUCTION_LIST_STATUSES;

/** The under-production list's list and export query (getOrderCartList type 2, exportOrderList; PROD-022, PROD-057). */
export const productionQuery = (search: OrderListSearch) => listQuery(PRODUCTION_LIST, search);
export const productionPageSize = (search: OrderListSearch) => pageSizeOf(PRODUCTION_LIST, search);
