/**
 * The parts every order list shares (my order, under production): the address and its query, the
 * filter, the order-number lookup, the export, the status badge, the shared reads. One list, several
 * configurations (`OrderListConfig`).
 */
export {
  activeFilterCount,
  DEFAULT_PENDING_PAGE_SIZE,
  DEFAULT_PENDING_STATUS,
  filterOf,
  PENDING_PAGE_SIZES,
  pendingPageSize,
  pendingQuery,
  PRODUCTION_FILTER_STATUSES,
  PRODUCTION_LIST,
  productionPageSize,
  productionQuery,
  viewOf,
  type MyOrderView,
  type OrderListFilter,
  type OrderListSearch,
  type PendingSearch,
} from "./search.ts";
export { FilterModal } from "./FilterModal.tsx";
export { ListEmpty, useExport } from "./ListControls.tsx";
export { ListCount, ListPage, ListPager, LookupNotice, MemberNotice } from "./ListFrame.tsx";
export { StatusBadge, statusBadgeClass } from "./StatusBadge.tsx";
export { useOrderTypes } from "./dictionaries.ts";
export { isOwnOrder, orderListQueries } from "./queries.ts";
