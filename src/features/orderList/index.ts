/**
 * What is about orders in every order list (my order, under production; shipments next), on the
 * generic list pieces of src/ui/list: the address and its query, the order filter fields, the one set
 * of order columns, the order-number lookup and the label library in the toolbar, the export, the
 * status badge, the shared reads. One list, several configurations (`OrderListConfig`).
 */
export {
  activeFilterCount,
  DEFAULT_PENDING_STATUS,
  filterOf,
  MY_ORDER_PAGING,
  pendingQuery,
  PRODUCTION_FILTER_STATUSES,
  PRODUCTION_LIST,
  productionPageSize,
  productionQuery,
  pendingPageSize,
  viewOf,
  type MyOrderView,
  type OrderListFilter,
  type OrderListSearch,
  type PendingSearch,
} from "./search.ts";
export { DeliveryDateFields, OrderFilterModal, ShipmentField } from "./OrderFilter.tsx";
export { useOrderColumns, type OrderRow } from "./orderColumns.tsx";
export { LookupNotice, MemberNotice, OrderCount, OrderListEmpty, OrderListToolbar } from "./OrderListFrame.tsx";
export { useExport } from "./useExport.tsx";
export { statusBadgeClass } from "./StatusBadge.tsx";
export { useOrderTypes } from "./dictionaries.ts";
export { isOwnOrder, orderListQueries } from "./queries.ts";
