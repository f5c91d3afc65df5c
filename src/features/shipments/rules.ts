/** The shipment rules the views show (domain/shipments.ts): views read them here, never from domain/. */
export {
  ADDABLE_PAGE_SIZES,
  CARD_ORDERS,
  canDeleteShipment,
  canEditShipDate,
  canEditShipment,
  MAX_DELAY_WARNING_DAYS,
  MAX_SHIPMENT_REMARK,
  readyDateOf,
  SHIPMENT_STATUS,
  SHIPMENT_STATUSES,
  shipmentStyle,
  todayIn,
  type DateSorts,
} from "../../../domain/shipments.ts";
